import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DirectionalIcon } from './DirectionalIcon';
import { PageHeader } from './PageHeader';
import { useGoBack } from './useGoBack';

export interface NotFoundPanelProps {
  /** The screen's heading (its one <h1>, and the browser tab's title). */
  title: string;
  /** A sentence under the title: what happened, or the error's own message. */
  message?: string;
  /** Where "go back" leads when the reader did not come from inside the app (default '/'). */
  fallbackPath?: string;
  /** Offered for failures that may pass (network, server): asks again. */
  onRetry?: () => void;
}

/**
 * What a detail screen shows instead of its content when the item is missing, forbidden or
 * failed to load (spec §2, §4 "loading → loaded, or not-found/error"): a title, a message,
 * go back, and optionally try again.
 */
export function NotFoundPanel({ title, message, fallbackPath = '/', onRetry }: NotFoundPanelProps) {
  const { t } = useTranslation();
  const goBack = useGoBack(fallbackPath);

  return (
    <Paper
      component="section"
      variant="outlined"
      data-testid="not-found-panel"
      sx={{ mt: 3, px: 3, py: 4, borderRadius: 3, textAlign: 'center', display: 'grid', justifyItems: 'center', gap: 1 }}
    >
      <SearchOffIcon aria-hidden sx={{ fontSize: 48, color: 'text.secondary' }} />
      <Box sx={{ width: '100%' }}>
        <PageHeader title={title} />
      </Box>
      {message ? (
        <Typography color="text.secondary" sx={{ maxWidth: '50ch' }}>
          {message}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center', mt: 2 }}>
        <Button variant="contained" onClick={goBack} startIcon={<DirectionalIcon icon={ArrowBackIcon} />}>
          {t('common.goBack')}
        </Button>
        {onRetry ? (
          <Button variant="outlined" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}
