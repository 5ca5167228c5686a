import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../api/auth';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from './preferencesSlice';

/** The join date: Arabic (Saudi) format in Arabic (spec §2), British English otherwise. */
export function formatJoinDate(iso: string, language: 'ar' | 'en'): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-GB', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
}

/** Account (read-only, spec §2): username, e-mail, verification, join date and the counts (0 by default). */
export function AccountTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const rows: Array<[string, string]> = [
    [t('settings.account.username'), `@${user.username}`],
    [t('settings.account.email'), user.email],
    [t('settings.account.status'), user.is_verified ? t('settings.account.verified') : t('settings.account.notVerified')],
    [t('settings.account.joined'), formatJoinDate(user.date_joined, language)],
    [t('settings.account.following'), String(user.following_count ?? 0)],
    [t('settings.account.followers'), String(user.followers_count ?? 0)],
    [t('settings.account.posts'), String(user.posts_count ?? 0)],
    [t('settings.account.bookmarks'), String(user.bookmarks_count ?? 0)],
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1.5 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            <bdi>{value}</bdi>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
