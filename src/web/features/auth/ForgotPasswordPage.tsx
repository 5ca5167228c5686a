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
import { useRequestPasswordResetMutation } from '../../api/auth';
import { normalizeError } from '../../api/normalizeError';
import { FormErrorBanner } from '../../components/FormErrorBanner';
import { AuthCard } from './AuthCard';
import { accountErrorMessage, boundField, formFieldErrors } from '../../components/formErrors';

/**
 * /forgot-password: asks for a reset link by e-mail. The server answers the same whether or not
 * an account has the address (no account enumeration), so the screen does too; the link it
 * mails opens /reset-password.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [requestReset] = useRequestPasswordResetMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(
    () => yup.object({ email: yup.string().trim().required(t('validation.emailRequired')).email(t('validation.invalidEmail')) }),
    [t],
  );

  const form = useFormik({
    initialValues: { email: '' },
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const answer = await requestReset({ passwordResetRequest: { email: values.email.trim() } }).unwrap();
        setSent(answer.detail || t('auth.forgot.sent'));
      } catch (caught) {
        const error = normalizeError(caught);
        const inline = formFieldErrors(error, values);
        if (Object.keys(inline).length > 0) helpers.setErrors(inline);
        else setFailure(accountErrorMessage(error, t('errors.unexpected')));
      }
    },
  });

  const back = (
    <Link component={RouterLink} to="/login" underline="always">
      {t('auth.forgot.backToLogin')}
    </Link>
  );

  return (
    <AuthCard title={t('auth.forgot.title')} footer={back}>
      {sent ? (
        <Alert severity="success" role="status">
          {sent}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary">{t('auth.forgot.description')}</Typography>
          <FormErrorBanner message={failure} />
          <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2 }}>
            <TextField
              {...boundField(form, 'email', () => setFailure(null))}
              type="email"
              label={t('auth.forgot.email')}
              autoComplete="email"
              autoFocus
              required
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
            <Button type="submit" variant="contained" size="large" disabled={form.isSubmitting}>
              {t('auth.forgot.submit')}
            </Button>
          </Box>
        </>
      )}
    </AuthCard>
  );
}
