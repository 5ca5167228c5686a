import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateCurrentUserMutation, type CurrentUser } from '../../api/auth';
import { normalizeError } from '../../api/normalizeError';
import { boundField, formFieldErrors } from '../../components/formErrors';
import { toast } from '../../components/toast';
import { socialSchema } from './settingsSchemas';

const FIELDS = ['website', 'twitter', 'facebook', 'instagram', 'linkedin'] as const;
type SocialField = (typeof FIELDS)[number];

/** Social links (spec §2, §5): the website is a valid address or empty; the handles are free text. */
export function SocialTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [update] = useUpdateCurrentUserMutation();
  const schema = useMemo(() => socialSchema(t), [t]);
  const form = useFormik<Record<SocialField, string>>({
    initialValues: { website: user.website, twitter: user.twitter, facebook: user.facebook, instagram: user.instagram, linkedin: user.linkedin },
    enableReinitialize: true,
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      const trimmed = Object.fromEntries(FIELDS.map((f) => [f, values[f].trim()])) as Record<SocialField, string>;
      try {
        await update({ profileUpdateRequest: trimmed }).unwrap();
        toast.success(t('settings.social.saved'));
      } catch (caught) {
        helpers.setErrors(formFieldErrors(normalizeError(caught), values));
        toast.error(t('settings.social.failed'));
      }
    },
  });

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      {FIELDS.map((name) => (
        <TextField
          key={name}
          {...boundField(form, name, () => undefined)}
          label={t(`settings.social.${name}`)}
          type={name === 'website' ? 'url' : 'text'}
          autoComplete={name === 'website' ? 'url' : 'off'}
          placeholder={name === 'website' ? 'https://' : '@'}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
      ))}
      <Box>
        <Button type="submit" variant="contained" disabled={form.isSubmitting}>
          {t('settings.social.save')}
        </Button>
      </Box>
    </Box>
  );
}
