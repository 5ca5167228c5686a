import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { ActionDialog, type ConfirmDialogProps } from './ActionDialog';
import { toLocalInput } from './studioDates';

/** `onConfirm` is given the chosen time as an ISO instant; `now` is the clock (tests set it). */
type Props = ConfirmDialogProps<string> & { now?: () => Date };

/** Publication at a chosen local date and time, which must be in the future (the server checks too). */
export function ScheduleDialog({ open, onClose, onConfirm, now = () => new Date() }: Props) {
  const { t } = useTranslation();
  const form = useFormik({
    initialValues: { publish_at: '' },
    validationSchema: yup.object({
      publish_at: yup
        .string()
        .required(t('studio.dialogs.publishAtRequired'))
        .test('future', t('studio.dialogs.publishAtPast'), (value) => !value || new Date(value).getTime() > now().getTime()),
    }),
    validateOnChange: false,
    onSubmit: async ({ publish_at }, helpers) => {
      // A datetime-local value is local time; the contract wants an instant.
      if (await onConfirm(new Date(publish_at).toISOString())) helpers.resetForm();
    },
  });
  const error = form.touched.publish_at ? form.errors.publish_at : undefined;
  return (
    <ActionDialog open={open} title={t('studio.dialogs.scheduleTitle')} confirmLabel={t('studio.actions.schedule')} submitting={form.isSubmitting} onClose={onClose} onSubmit={() => form.handleSubmit()}>
      <TextField
        id="schedule-publish-at"
        name="publish_at"
        type="datetime-local"
        label={t('studio.dialogs.publishAt')}
        value={form.values.publish_at}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={Boolean(error)}
        helperText={error}
        required
        autoFocus
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: toLocalInput(now()) } }}
      />
    </ActionDialog>
  );
}
