import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../api/auth';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from '../../state/preferencesSlice';

/** Spec §2: the join date in Arabic (Saudi) format; British English for an English reader. */
const LOCALES = { ar: 'ar-SA', en: 'en-GB' } as const;

export function formatJoinDate(iso: string, language: 'ar' | 'en'): string {
  return new Intl.DateTimeFormat(LOCALES[language], { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
}

/** A count in the same digits as the date beside it; absent counts are 0 (spec §2). */
export function formatCount(count: number | null | undefined, language: 'ar' | 'en'): string {
  return new Intl.NumberFormat(LOCALES[language]).format(count ?? 0);
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
    [t('settings.account.following'), formatCount(user.following_count, language)],
    [t('settings.account.followers'), formatCount(user.followers_count, language)],
    [t('settings.account.posts'), formatCount(user.posts_count, language)],
    [t('settings.account.bookmarks'), formatCount(user.bookmarks_count, language)],
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
