import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useRegisterUserMutation } from '../../api/auth';
import { normalizeError } from '../../api/normalizeError';
import { toast } from '../../components/toast';
import { FormErrorBanner } from '../../components/FormErrorBanner';
import { AuthCard } from './AuthCard';
import { accountErrorMessage, boundField, formFieldErrors } from '../../components/formErrors';
import { SIGNUP_INITIAL, signupSchema, type SignupValues } from './signupSchema';

/**
 * /signup (spec §2, §5, §8): the §5 rules checked on submit, each message under its field and
 * cleared, with the general error, when the field is edited. The server's field errors land
 * under their fields with the 'please fix the validation errors' toast. Success stores the
 * session (sessionSlice listens to the call), toasts, and the guest-only guard goes to /.
 */
export default function SignupPage() {
  const { t } = useTranslation();
  const [register] = useRegisterUserMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => signupSchema(t), [t]);

  const form = useFormik<SignupValues>({
    initialValues: SIGNUP_INITIAL,
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      const { username, first_name, last_name, email, password, password2 } = values;
      try {
        await register({
          registerRequest: {
            username: username.trim(),
            first_name: first_name.trim(),
            last_name: last_name.trim(),
            email: email.trim(),
            password,
            password2,
            user_type: 'regular',
          },
        }).unwrap();
        toast.success(t('auth.signup.success'));
      } catch (caught) {
        const error = normalizeError(caught);
        const inline = formFieldErrors(error, values);
        if (Object.keys(inline).length > 0) {
          helpers.setErrors(inline);
          toast.error(t('auth.signup.fixErrors'));
        } else {
          const message = accountErrorMessage(error, t('auth.signup.failed'));
          setFailure(message);
          toast.error(message);
        }
      }
    },
  });
  const field = (name: keyof SignupValues) => boundField(form, name, () => setFailure(null));

  return (
    <AuthCard
      title={t('auth.signup.title')}
      subtitle={t('auth.signup.subtitle')}
      footer={
        <span>
          {t('auth.signup.haveAccount')}{' '}
          <Link component={RouterLink} to="/login" underline="always">
            {t('auth.signup.loginLink')}
          </Link>
        </span>
      }
    >
      <FormErrorBanner message={failure} />
      <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2 }}>
        <TextField {...field('username')} label={t('auth.signup.username')} autoComplete="username" autoFocus required />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
          <TextField {...field('first_name')} label={t('auth.signup.firstName')} autoComplete="given-name" required />
          <TextField {...field('last_name')} label={t('auth.signup.lastName')} autoComplete="family-name" required />
        </Box>
        <TextField {...field('email')} type="email" label={t('auth.signup.email')} autoComplete="email" required slotProps={{ htmlInput: { dir: 'ltr' } }} />
        <TextField {...field('password')} type="password" label={t('auth.signup.password')} autoComplete="new-password" required />
        <TextField {...field('password2')} type="password" label={t('auth.signup.password2')} autoComplete="new-password" required />
        <Button type="submit" variant="contained" size="large" disabled={form.isSubmitting}>
          {form.isSubmitting ? t('auth.signup.submitting') : t('auth.signup.submit')}
        </Button>
      </Box>
    </AuthCard>
  );
}
