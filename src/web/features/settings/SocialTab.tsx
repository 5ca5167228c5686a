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
import { sentFields } from './sentFields';
import { socialSchema } from './settingsSchemas';

const FIELDS = ['website', 'twitter', 'facebook', 'instagram', 'linkedin'] as const;
type SocialField = (typeof FIELDS)[number];

/**
 * Social links (spec §2, §5, §8): the website is a valid address or empty; the handles are free
 * text. Saved with the profile update call (multipart, non-null fields only).
 */
export function SocialTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [update] = useUpdateCurrentUserMutation();
  const schema = useMemo(() => socialSchema(t), [t]);
  const form = useFormik<Record<SocialField, string>>({
    // An account stored before a field existed may lack it: the form still needs a string.
    initialValues: Object.fromEntries(FIELDS.map((f) => [f, user[f] ?? ''])) as Record<SocialField, string>,
    enableReinitialize: true,
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      try {
        await update({ profileUpdateRequest: sentFields(user, values) }).unwrap();
        toast.success(t('settings.social.saved'));
      } catch (caught) {
        helpers.setErrors(formFieldErrors(normalizeError(caught), values));
        toast.error(t('settings.social.failed'));
      }
    },
  });

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2.5, maxWidth: 640 }}>
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
        <Button type="submit" variant="contained" disabled={form.isSubmitting || !form.dirty}>
          {t('settings.social.save')}
        </Button>
      </Box>
    </Box>
  );
}
