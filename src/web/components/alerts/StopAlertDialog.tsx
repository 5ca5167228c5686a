import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  /** The alert's list, as named in its e-mails. */
  title: string;
  stopping: boolean;
  onCancel(): void;
  onStop(): void;
}

/** Asks before an alert is stopped (nothing is sent for it afterwards). */
export function StopAlertDialog({ open, title, stopping, onCancel, onStop }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={stopping ? undefined : onCancel} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('alerts.stopTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('alerts.stopText', { title })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={stopping}>
          {t('alerts.cancel')}
        </Button>
        <Button onClick={onStop} color="error" variant="contained" disabled={stopping}>
          {t('alerts.stop')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
