import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { NotFoundVerdict } from './verdict';

/**
 * What a "not found" means, and no more: a file that matches nothing may be modified or not the
 * portal's (never said to be forged); another site's link is not looked up at all.
 */
export function NotFoundDetail({ verdict }: { verdict: NotFoundVerdict }) {
  const { t } = useTranslation();
  return (
    <Alert severity={verdict === 'noFile' || verdict === 'otherSite' ? 'warning' : 'info'} variant="outlined" data-testid="not-found-detail" sx={{ borderRadius: 3 }}>
      {t(`verify.result.${verdict}Detail`)}
    </Alert>
  );
}
