import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEvent, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** What a dialog that asks for something before an action takes: `onConfirm` resolves true when the server accepted it. */
export interface ConfirmDialogProps<T> {
  open: boolean;
  onClose(): void;
  onConfirm(value: T): Promise<boolean>;
}

interface Props {
  open: boolean;
  title: string;
  confirmLabel: string;
  submitting: boolean;
  onClose(): void;
  onSubmit(event?: FormEvent<HTMLFormElement>): void;
  children?: ReactNode;
  danger?: boolean;
}

/**
 * The shell of the workspace's dialogs: a form (Enter confirms), named by its title. MUI gives
 * focus back to the button that opened it when it closes.
 */
export function ActionDialog({ open, title, confirmLabel, submitting, onClose, onSubmit, children, danger }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: (event: FormEvent<HTMLFormElement>) => { event.preventDefault(); onSubmit(event); } } as object }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={submitting}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
