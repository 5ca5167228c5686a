/**
 * English strings of the e-mail alerts' screens (issue 15: /alerts, its confirm and unsubscribe
 * screens, the settings' alerts tab). They travel with those screens' own chunk
 * (src/web/components/alerts/alertsStrings.ts), never in the first download. The shape of record
 * for `ar/alerts.ts`.
 */
const alerts = {
  alerts: {
    title: 'E-mail alerts',
    listLabel: 'Your e-mail alerts',
    forAddress: 'Alerts sent to {{email}}',
    visitor: 'E-mail alerts bring you the new posts of a list: a category, a type, a hashtag, an organization or a search.',
    howTo: 'To subscribe, open the list, press its feeds button and choose “Get e-mail alerts”.',
    manageByLink: 'To manage the alerts of an address, follow the link at the foot of any alert e-mail, or sign in.',
    signIn: 'Sign in',
    empty: 'No e-mail alerts yet.',
    loadFailed: 'Could not load the alerts.',
    badLink: 'This link is not valid or has expired. Follow the link of a more recent alert e-mail.',
    retry: 'Try again',
    frequency: 'How often',
    immediate: 'As soon as a post is published',
    daily: 'A daily digest',
    weekly: 'A weekly digest',
    languageLabel: 'Language of the e-mails',
    arabic: 'العربية',
    english: 'English',
    pending: 'Awaiting confirmation',
    feed: 'Feed',
    stop: 'Stop',
    stopTitle: 'Stop this alert?',
    stopText: 'No more e-mails will be sent for “{{title}}”.',
    cancel: 'Cancel',
    stopped: 'Alert stopped',
    changed: 'Alert updated',
  },
  alertConfirm: {
    title: 'Confirm your alert',
    working: 'Confirming…',
    done: 'Your alert for “{{title}}” is confirmed: new posts will come to {{email}}.',
    manage: 'Manage your alerts',
    failed: 'This confirmation link is not valid or has expired. Subscribe again from the list.',
    noToken: 'This confirmation link is incomplete. Open it again from the e-mail.',
  },
  alertUnsubscribe: {
    title: 'Unsubscribe',
    text: 'Stop the e-mails of this alert.',
    button: 'Unsubscribe',
    done: 'You are unsubscribed: no more e-mails will be sent for this alert.',
    failed: 'Could not unsubscribe: this link is not valid.',
    noToken: 'This unsubscribe link is incomplete. Open it again from the e-mail.',
    home: 'Back to the home page',
  },
} as const;

export default alerts;
