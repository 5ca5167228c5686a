import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import * as yup from 'yup';
import { useLoginMutation } from '../../api/auth';
import { normalizeError } from '../../api/normalizeError';
import { toast } from '../../components/toast';
import { FormErrorBanner } from '../../components/FormErrorBanner';
import { AuthCard } from './AuthCard';
import { signInReason } from '../../app/guards/origin';
import { accountErrorMessage, boundField } from '../../components/formErrors';

/**
 * /login (spec §2, §4, §8): username and password, both required. While signing in the form is
 * disabled and a loading toast shows; success shows its toast and the guest-only guard takes the
 * reader to the remembered origin (or /); failure shows a red banner and a toast.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [login] = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // A visitor who pressed bookmark before the app's scripts arrived came by a link
  // (/login?reason=bookmark&next=…): the page says why (spec §4), as the app's toast does.
  const reason = signInReason(useLocation().search);

  const schema = useMemo(
    () =>
      yup.object({
        username: yup.string().trim().required(t('validation.usernameRequired')),
        password: yup.string().required(t('validation.passwordRequired')),
      }),
    [t],
  );

  const form = useFormik({
    initialValues: { username: '', password: '' },
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async ({ username, password }) => {
      setFailure(null);
      const pending = toast.loading(t('auth.login.submitting'));
      try {
        await login({ loginRequest: { username: username.trim(), password } }).unwrap();
        toast.dismiss(pending);
        toast.success(t('auth.login.success'));
      } catch (error) {
        toast.dismiss(pending);
        const message = accountErrorMessage(normalizeError(error), t('auth.login.failed'));
        setFailure(message);
        toast.error(message);
      }
    },
  });
  const field = (name: 'username' | 'password') => boundField(form, name, () => setFailure(null));

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          <Link component={RouterLink} to="/forgot-password" underline="always">
            {t('auth.login.forgotPassword')}
          </Link>
          <span>
            {t('auth.login.noAccount')}{' '}
            <Link component={RouterLink} to="/signup" underline="always">
              {t('auth.login.signupLink')}
            </Link>
          </span>
        </>
      }
    >
      {reason === 'bookmark' ? (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {t('bookmark.signInRequired')}
        </Alert>
      ) : null}
      <FormErrorBanner message={failure} />
      <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2 }}>
        <TextField {...field('username')} label={t('auth.login.username')} autoComplete="username" autoFocus required />
        <TextField {...field('password')} type="password" label={t('auth.login.password')} autoComplete="current-password" required />
        <Button type="submit" variant="contained" size="large" disabled={form.isSubmitting}>
          {form.isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </Box>
    </AuthCard>
  );
}
