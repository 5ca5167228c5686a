import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../api/auth';
import { lazyPart } from '../../app/chunks';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { tabsOnPhone } from '../../components/tabsOnPhone';
import { selectCurrentUser } from '../../state/sessionSlice';
import { AccountTab } from './AccountTab';
import { InterestsTab } from './InterestsTab';
import { PasswordTab } from './PasswordTab';
import { ProfileTab } from './ProfileTab';
import { SocialTab } from './SocialTab';

export const SETTINGS_TABS = ['profile', 'social', 'interests', 'alerts', 'password', 'account'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The selected tab is kept for this browser tab only (spec §2: "selection is local"). */
const TAB_KEY = 'qarar:settings-tab';
// Storage can be refused (a locked-down browser); the tab then simply is not remembered.
const storedTab = (): SettingsTab => {
  try {
    const stored = sessionStorage.getItem(TAB_KEY) as SettingsTab | null;
    return stored && SETTINGS_TABS.includes(stored) ? stored : 'profile';
  } catch {
    return 'profile';
  }
};
const storeTab = (tab: SettingsTab) => {
  try {
    sessionStorage.setItem(TAB_KEY, tab);
  } catch {
    // Not remembered; the choice still holds on this screen.
  }
};

const PANELS: Record<SettingsTab, (user: CurrentUser) => ReactNode> = {
  profile: (user) => <ProfileTab user={user} />,
  social: (user) => <SocialTab user={user} />,
  interests: () => <InterestsTab />,
  alerts: () => <AlertsTab />,
  password: () => <PasswordTab />,
  account: (user) => <AccountTab user={user} />,
};

// The same list as /alerts, from the alerts screens' chunk (router.tsx names it the same), which
// brings the alerts' strings (src/web/components/alerts/alertsStrings.ts).
const AlertSubscriptionList = lazyPart(() => import(/* webpackChunkName: "alerts" */ '../../components/alerts/AlertSubscriptionList'));

function AlertsTab() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      <AlertSubscriptionList />
    </Suspense>
  );
}

/** /settings (signed-in only): six tabs, profile first (issue 15's e-mail alerts among them). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const user = useAppSelector(selectCurrentUser);
  const [tab, setTab] = useState<SettingsTab>(storedTab);
  const choose = (next: SettingsTab) => {
    setTab(next);
    storeTab(next);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 4 }}>
      <PageHeader title={t('settings.title')} />
      {!user ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
          <Tabs
            value={tab}
            onChange={(_event, next: SettingsTab) => choose(next)}
            aria-label={t('settings.tabs.label')}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            sx={(theme) => ({ borderBottom: 1, borderColor: 'divider', ...tabsOnPhone(theme) })}
          >
            {SETTINGS_TABS.map((name) => (
              <Tab key={name} value={name} label={t(`settings.tabs.${name}`)} id={`settings-tab-${name}`} aria-controls={`settings-panel-${name}`} />
            ))}
          </Tabs>
          {SETTINGS_TABS.map((name) => (
            // Every panel stays mounted (hidden when not chosen): what was typed in one tab
            // survives a look at another.
            <Box key={name} role="tabpanel" hidden={name !== tab} id={`settings-panel-${name}`} aria-labelledby={`settings-tab-${name}`} sx={{ p: { xs: 2, sm: 3 } }}>
              {PANELS[name](user)}
            </Box>
          ))}
        </Paper>
      )}
    </Box>
  );
}
