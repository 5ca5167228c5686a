import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import * as yup from 'yup';
import { useConfirmPasswordResetMutation } from '../../api/auth';
import { normalizeError } from '../../api/normalizeError';
import { FormErrorBanner } from '../../components/FormErrorBanner';
import { useTokenFromAddress } from '../../components/useTokenFromAddress';
import { AuthCard } from './AuthCard';
import { accountErrorMessage, boundField } from '../../components/formErrors';

/**
 * /reset-password?token=…: the page the reset e-mail links to. A new password with the §5
 * password rules; the server signs every session of the account out. A used, expired or
 * unknown link gets the server's message and a way to ask for a new one.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  // Out of the address bar once read (SECURITY.md).
  const token = useTokenFromAddress();
  const [confirmReset] = useConfirmPasswordResetMutation();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      yup.object({
        new_password: yup.string().required(t('validation.passwordRequired')).min(8, t('validation.min8')),
        confirm: yup
          .string()
          .required(t('validation.confirmRequired'))
          .oneOf([yup.ref('new_password')], t('validation.passwordsMismatch')),
      }),
    [t],
  );

  const form = useFormik({
    initialValues: { new_password: '', confirm: '' },
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async ({ new_password }, helpers) => {
      setFailure(null);
      try {
        await confirmReset({ passwordResetConfirmRequest: { token, new_password } }).unwrap();
        setDone(true);
      } catch (caught) {
        const error = normalizeError(caught);
        const passwordProblem = error.fields?.new_password?.[0];
        if (passwordProblem) helpers.setFieldError('new_password', passwordProblem);
        else setFailure(accountErrorMessage(error, t('auth.reset.failed')));
      }
    },
  });
  const field = (name: 'new_password' | 'confirm') => boundField(form, name, () => setFailure(null));

  const askAgain = (
    <Link component={RouterLink} to="/forgot-password" underline="always">
      {t('auth.reset.requestNew')}
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title={t('auth.reset.title')} footer={askAgain}>
        <Alert severity="warning">{t('auth.reset.missingToken')}</Alert>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Alert severity="success" role="status">
          {t('auth.reset.success')}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          {t('auth.reset.goToLogin')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset.title')} footer={askAgain}>
      <Typography color="text.secondary">{t('auth.reset.description')}</Typography>
      <FormErrorBanner message={failure} />
      <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2 }}>
        <TextField {...field('new_password')} type="password" label={t('auth.reset.newPassword')} autoComplete="new-password" autoFocus required />
        <TextField {...field('confirm')} type="password" label={t('auth.reset.confirm')} autoComplete="new-password" required />
        <Button type="submit" variant="contained" size="large" disabled={form.isSubmitting}>
          {t('auth.reset.submit')}
        </Button>
      </Box>
    </AuthCard>
  );
}
