import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { ActionDialog, type ConfirmDialogProps } from './ActionDialog';

/** A publisher sends a draft back to its author, saying what to change (required). */
export function RequestChangesDialog({ open, onClose, onConfirm }: ConfirmDialogProps<string>) {
  const { t } = useTranslation();
  const form = useFormik({
    initialValues: { comment: '' },
    validationSchema: yup.object({ comment: yup.string().trim().required(t('studio.dialogs.commentRequired')) }),
    validateOnChange: false,
    onSubmit: async ({ comment }, helpers) => {
      if (await onConfirm(comment.trim())) helpers.resetForm();
    },
  });
  const error = form.touched.comment ? form.errors.comment : undefined;
  return (
    <ActionDialog open={open} title={t('studio.dialogs.requestChangesTitle')} confirmLabel={t('studio.actions.requestChanges')} submitting={form.isSubmitting} onClose={onClose} onSubmit={() => form.handleSubmit()}>
      <TextField
        id="request-changes-comment"
        name="comment"
        label={t('studio.dialogs.comment')}
        value={form.values.comment}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={Boolean(error)}
        helperText={error}
        required
        multiline
        minRows={3}
        autoFocus
        fullWidth
      />
    </ActionDialog>
  );
}
