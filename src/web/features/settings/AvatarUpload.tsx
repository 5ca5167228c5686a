import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../api/auth';
import { initialsOf } from '../../components/initials';
import { UserAvatar } from '../../components/UserAvatar';

/** The server refuses a larger picture (spec §9 hint: 5MB); checked here too so 5 MB is not sent only to be refused. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

interface Props {
  user: Pick<CurrentUser, 'first_name' | 'last_name' | 'username' | 'profile_picture'>;
  /** The picture chosen and not yet saved, shown instead of the current one. */
  picture: File | null;
  onPick: (file: File | null) => void;
  /** A refusal (too large, not an image), ours or the server's; replaces the hint. */
  error?: string;
  onError: (message: string | undefined) => void;
  disabled?: boolean;
}

/** The profile picture: current one or initials, a chosen one previewed before saving, the hint or what was wrong. */
export function AvatarUpload({ user, picture, onPick, error, onError, disabled }: Props) {
  const { t } = useTranslation();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (picture ? URL.createObjectURL(picture) : null), [picture]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return onError(t('settings.profile.notAnImage'));
    if (file.size > AVATAR_MAX_BYTES) return onError(t('settings.profile.tooLarge'));
    onError(undefined);
    onPick(file);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <UserAvatar src={preview ?? user.profile_picture} name={name} initials={initialsOf(user.first_name, user.last_name, user.username)} size={88} />
      <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {/* A real button that opens the file picker (a <label> styled as one is not a button to assistive technology). */}
          <Button variant="outlined" startIcon={<PhotoCameraIcon />} disabled={disabled} onClick={() => input.current?.click()} aria-describedby={hintId}>
            {t('settings.profile.upload')}
          </Button>
          <input
            ref={input}
            hidden
            type="file"
            accept="image/*"
            aria-label={t('settings.profile.avatar')}
            aria-describedby={hintId}
            disabled={disabled}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              // The same file chosen again (after undoing) must fire a change too.
              event.target.value = '';
            }}
          />
          {picture ? (
            <Button variant="text" onClick={() => onPick(null)} disabled={disabled}>
              {t('settings.profile.undoPicture')}
            </Button>
          ) : null}
        </Box>
        <Typography id={hintId} variant="caption" color={error ? 'error' : 'text.secondary'} role={error ? 'alert' : undefined}>
          {error ?? (picture ? t('settings.profile.pictureChosen') : t('settings.profile.avatarHint'))}
        </Typography>
      </Box>
    </Box>
  );
}
