import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePasswordMutation } from '../../api/auth';
import { boundField } from '../../components/formErrors';
import { toast } from '../../components/toast';
import { passwordSchema } from './settingsSchemas';

const EMPTY = { old_password: '', new_password: '', confirm_password: '' };

/** Password (spec §5, §8): success 'password changed successfully' and the form resets; any failure 'the current password is incorrect'. */
export function PasswordTab() {
  const { t } = useTranslation();
  const [changePassword] = useChangePasswordMutation();
  const schema = useMemo(() => passwordSchema(t), [t]);
  const form = useFormik({
    initialValues: EMPTY,
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async ({ old_password, new_password }, helpers) => {
      try {
        await changePassword({ changePasswordRequest: { old_password, new_password } }).unwrap();
        toast.success(t('settings.password.changed'));
        helpers.resetForm();
      } catch {
        toast.error(t('settings.password.incorrect'));
      }
    },
  });
  const field = (name: keyof typeof EMPTY) => boundField(form, name, () => undefined);

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2.5, maxWidth: 480 }}>
      <TextField {...field('old_password')} type="password" label={t('settings.password.current')} autoComplete="current-password" required />
      <TextField {...field('new_password')} type="password" label={t('settings.password.new')} autoComplete="new-password" required />
      <TextField {...field('confirm_password')} type="password" label={t('settings.password.confirm')} autoComplete="new-password" required />
      <Box>
        <Button type="submit" variant="contained" disabled={form.isSubmitting}>
          {t('settings.password.submit')}
        </Button>
      </Box>
    </Box>
  );
}
