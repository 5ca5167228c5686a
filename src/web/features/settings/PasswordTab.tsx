import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePasswordMutation } from '../../api/auth';
import { normalizeError } from '../../api/normalizeError';
import { boundField, formFieldErrors } from '../../components/formErrors';
import { toast } from '../../components/toast';
import { passwordSchema } from './settingsSchemas';

const EMPTY = { old_password: '', new_password: '', confirm_password: '' };

/**
 * Password (spec §5, §8): the confirmation is checked here and not sent; success says 'password
 * changed successfully' and empties the form; any failure says 'the current password is
 * incorrect', and the server's own reasons (a too common new password…) show under their fields.
 */
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
      } catch (caught) {
        helpers.setErrors(formFieldErrors(normalizeError(caught), EMPTY));
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
        <Button type="submit" variant="contained" disabled={form.isSubmitting || !form.dirty}>
          {t('settings.password.submit')}
        </Button>
      </Box>
    </Box>
  );
}
