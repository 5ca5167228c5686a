import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateCurrentUserMutation, type CurrentUser } from '../../api/auth';
import { normalizeError } from '../../api/normalizeError';
import { boundField, formFieldErrors } from '../../components/formErrors';
import { toast } from '../../components/toast';
import { AvatarUpload } from './AvatarUpload';
import { sentFields } from './sentFields';
import { BIO_MAX, profileSchema } from './settingsSchemas';

type ProfileField = 'first_name' | 'last_name' | 'bio' | 'location';

/**
 * Profile (spec §2 settings): picture (image files; the server enforces JPG/PNG/WebP up to
 * 5 MB and says so), initials without one, first and last name, bio with its counter, location.
 * Only the non-null fields are sent, as multipart (api/auth.ts); the answer updates the session,
 * so the layout's user card shows the change at once.
 */
export function ProfileTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [update] = useUpdateCurrentUserMutation();
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | undefined>();
  const schema = useMemo(() => profileSchema(t), [t]);

  const form = useFormik<Record<ProfileField, string>>({
    // An account stored before a field existed may lack it: the form still needs a string.
    initialValues: { first_name: user.first_name ?? '', last_name: user.last_name ?? '', bio: user.bio ?? '', location: user.location ?? '' },
    enableReinitialize: true,
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      try {
        await update({ profileUpdateRequest: { ...sentFields(user, values, ['bio']), ...(picture && { profile_picture: picture }) } }).unwrap();
        setPicture(null);
        toast.success(t('settings.profile.saved'));
      } catch (caught) {
        const error = normalizeError(caught);
        // 413 is the server's picture limit; its text says so in the reader's language.
        const refusedPicture = error.status === 413 ? error.message : error.fields?.profile_picture?.[0];
        const inline = formFieldErrors(error, values);
        if (Object.keys(inline).length > 0) helpers.setErrors(inline);
        if (refusedPicture) setPictureError(refusedPicture);
        toast.error(refusedPicture ?? t('settings.profile.failed'));
      }
    },
  });
  const field = (name: ProfileField) => boundField(form, name, () => undefined);
  const unchanged = !form.dirty && !picture;

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      <AvatarUpload user={user} picture={picture} onPick={setPicture} error={pictureError} onError={setPictureError} disabled={form.isSubmitting} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextField {...field('first_name')} label={t('settings.profile.firstName')} autoComplete="given-name" required slotProps={{ htmlInput: { dir: 'auto' } }} />
        <TextField {...field('last_name')} label={t('settings.profile.lastName')} autoComplete="family-name" required slotProps={{ htmlInput: { dir: 'auto' } }} />
      </Box>
      <TextField
        {...field('bio')}
        label={t('settings.profile.bio')}
        multiline
        rows={4}
        helperText={form.errors.bio ?? <bdi>{t('settings.profile.bioCounter', { count: form.values.bio.length, max: BIO_MAX })}</bdi>}
        slotProps={{ htmlInput: { dir: 'auto' } }}
      />
      <TextField {...field('location')} label={t('settings.profile.location')} placeholder={t('settings.profile.locationPlaceholder')} autoComplete="address-level2" />
      <Box>
        <Button type="submit" variant="contained" disabled={form.isSubmitting || unchanged}>
          {t('settings.profile.save')}
        </Button>
      </Box>
    </Box>
  );
}
