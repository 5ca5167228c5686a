import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { addOfflineStrings } from '../../pwa/offlineStrings';
import { selectIsSignedIn } from '../../state/sessionSlice';
import { usePendingWrites } from '../../pwa/usePendingWrites';

addOfflineStrings();

const numbers = { ar: new Intl.NumberFormat('ar'), en: new Intl.NumberFormat('en') };

/**
 * Shown above each screen while the device is offline (src/web/pwa/OfflineBannerSlot.tsx): what
 * can be read without a network, where to find it, and the writes waiting to be sent.
 */
export default function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const pending = usePendingWrites(signedIn);
  const language = i18n.language === 'en' ? 'en' : 'ar';
  return (
    <Alert severity="info" role="status" sx={{ mt: 2 }}>
      <AlertTitle>{t('offline.banner.title')}</AlertTitle>
      {signedIn ? t('offline.banner.reader') : t('offline.banner.visitor')}
      {pending > 0 ? ` ${t('offline.banner.pending', { count: pending, n: numbers[language].format(pending) })}` : null}
      <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, mt: 0.5 }}>
        <Link component={RouterLink} to="/offline" color="inherit" underline="always">
          {t('offline.banner.whatCanBeRead')}
        </Link>
        {signedIn ? (
          <Link component={RouterLink} to="/bookmarks" color="inherit" underline="always">
            {t('offline.banner.saved')}
          </Link>
        ) : null}
      </Box>
    </Alert>
  );
}
