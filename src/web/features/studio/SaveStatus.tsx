import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SaveState } from './useAutosave';

/** The draft's save state, announced politely to screen readers as it changes. */
export function SaveStatus({ state, error }: { state: SaveState; error?: string }) {
  const { t } = useTranslation();
  const text =
    state === 'saved'
      ? t('studio.editor.save.saved')
      : state === 'saving'
        ? t('studio.editor.save.saving')
        : state === 'failed'
          ? t('studio.editor.save.failed', { error: error ?? '' })
          : t('studio.editor.save.unsaved');
  const Icon = state === 'saved' ? CheckIcon : state === 'failed' ? ErrorIcon : EditIcon;
  return (
    <Box role="status" data-state={state} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: state === 'failed' ? 'error.main' : 'text.secondary' }}>
      <Icon fontSize="small" aria-hidden />
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}
