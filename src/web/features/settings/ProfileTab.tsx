import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateCurrentUserMutation, type CurrentUser } from '../../api/auth';
import { normalizeError } from '../../api/normalizeError';
import { boundField, formFieldErrors } from '../../components/formErrors';
import { initialsOf } from '../../components/initials';
import { toast } from '../../components/toast';
import { UserAvatar } from '../../components/UserAvatar';
import { BIO_MAX, profileSchema } from './settingsSchemas';

/**
 * Profile (spec §2 settings): picture (image files; the server enforces JPG/PNG/WebP up to
 * 5 MB and says so), initials without one, first and last name, bio with its counter, location.
 * Only the fields given are sent, as multipart (api/auth.ts).
 */
export function ProfileTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [update] = useUpdateCurrentUserMutation();
  const [picture, setPicture] = useState<File | null>(null);
  const preview = useMemo(() => (picture ? URL.createObjectURL(picture) : null), [picture]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const schema = useMemo(() => profileSchema(t), [t]);

  const form = useFormik({
    initialValues: { first_name: user.first_name, last_name: user.last_name, bio: user.bio, location: user.location },
    enableReinitialize: true,
    validationSchema: schema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      try {
        await update({
          profileUpdateRequest: {
            first_name: values.first_name.trim(),
            last_name: values.last_name.trim(),
            bio: values.bio,
            location: values.location.trim(),
            ...(picture && { profile_picture: picture }),
          },
        }).unwrap();
        setPicture(null);
        toast.success(t('settings.profile.saved'));
      } catch (caught) {
        const error = normalizeError(caught);
        const inline = formFieldErrors(error, { ...values, profile_picture: '' });
        if (Object.keys(inline).length > 0) helpers.setErrors(inline);
        toast.error(inline.profile_picture ?? t('settings.profile.failed'));
      }
    },
  });
  const field = (name: 'first_name' | 'last_name' | 'bio' | 'location') => boundField(form, name, () => undefined);
  const pictureError = (form.errors as Record<string, string | undefined>).profile_picture;

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <UserAvatar src={preview ?? user.profile_picture} name={`${user.first_name} ${user.last_name}`} initials={initialsOf(user.first_name, user.last_name, user.username)} size={88} />
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />} disabled={form.isSubmitting}>
            {t('settings.profile.upload')}
            <input
              hidden
              type="file"
              accept="image/*"
              aria-label={t('settings.profile.avatar')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file && file.type.startsWith('image/')) setPicture(file);
                form.setFieldError('profile_picture' as never, undefined);
                event.target.value = '';
              }}
            />
          </Button>
          <Typography variant="caption" color={pictureError ? 'error' : 'text.secondary'} role={pictureError ? 'alert' : undefined}>
            {pictureError ?? t('settings.profile.avatarHint')}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextField {...field('first_name')} label={t('settings.profile.firstName')} autoComplete="given-name" required />
        <TextField {...field('last_name')} label={t('settings.profile.lastName')} autoComplete="family-name" required />
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
        <Button type="submit" variant="contained" disabled={form.isSubmitting}>
          {t('settings.profile.save')}
        </Button>
      </Box>
    </Box>
  );
}
