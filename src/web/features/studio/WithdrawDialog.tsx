import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import type { WithdrawRequest } from '../../api/studio';
import { ActionDialog, type ConfirmDialogProps } from './ActionDialog';

/** Withdrawing a published post: the public reason, shown on the post, in both languages. */
export function WithdrawDialog({ open, onClose, onConfirm }: ConfirmDialogProps<WithdrawRequest>) {
  const { t } = useTranslation();
  const required = t('studio.dialogs.reasonRequired');
  const form = useFormik<WithdrawRequest>({
    initialValues: { reason_ar: '', reason: '' },
    validationSchema: yup.object({ reason_ar: yup.string().trim().required(required), reason: yup.string().trim().required(required) }),
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      if (await onConfirm({ reason: values.reason.trim(), reason_ar: values.reason_ar.trim() })) helpers.resetForm();
    },
  });
  const field = (name: keyof WithdrawRequest, label: string, language: 'ar' | 'en') => {
    const error = form.touched[name] ? form.errors[name] : undefined;
    return (
      <TextField
        id={`withdraw-${name}`}
        name={name}
        label={label}
        value={form.values[name]}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={Boolean(error)}
        helperText={error}
        required
        multiline
        fullWidth
        slotProps={{ htmlInput: { dir: language === 'ar' ? 'rtl' : 'ltr', lang: language } }}
      />
    );
  };
  return (
    <ActionDialog open={open} title={t('studio.dialogs.withdrawTitle')} confirmLabel={t('studio.actions.withdraw')} submitting={form.isSubmitting} onClose={onClose} onSubmit={() => form.handleSubmit()} danger>
      <Typography variant="body2">{t('studio.dialogs.withdrawHelp')}</Typography>
      {field('reason_ar', t('studio.dialogs.reasonAr'), 'ar')}
      {field('reason', t('studio.dialogs.reason'), 'en')}
    </ActionDialog>
  );
}
