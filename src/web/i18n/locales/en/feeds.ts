/**
 * English strings of a list's feed button and its alerts dialog (issue 15). They travel with the button's own chunk
 * (src/web/components/feeds/FeedButton.tsx), never in the first download. The shape of record for
 * `ar/feeds.ts`.
 */
const feeds = {
  feeds: {
    button: 'Feeds',
    atom: 'Atom feed',
    rss: 'RSS feed',
    copy: 'Copy the feed address',
    copied: 'Feed address copied',
    alerts: 'Get e-mail alerts',
  },
  alertDialog: {
    title: 'E-mail alerts',
    intro: 'New posts in “{{title}}”, sent by e-mail.',
    email: 'E-mail address',
    sentTo: 'Alerts will be sent to {{email}}, your account’s address.',
    frequency: 'How often',
    immediate: 'As soon as a post is published',
    daily: 'A daily digest',
    weekly: 'A weekly digest',
    language: 'Language of the e-mails',
    arabic: 'العربية',
    english: 'English',
    subscribe: 'Subscribe',
    cancel: 'Cancel',
    close: 'Close',
    emailRequired: 'Enter your e-mail address',
    emailInvalid: 'Enter a valid e-mail address, such as name@example.com',
    checkInbox: 'Check your inbox: we sent a confirmation link to {{email}}. Alerts start once you follow it.',
    subscribed: 'Subscribed: new posts in this list will come to your e-mail',
    failed: 'Could not subscribe. Please try again.',
  },
} as const;

export default feeds;
