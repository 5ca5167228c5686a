import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../state/sessionSlice';
import { initialsOf } from '../../components/initials';
import { UserAvatar } from '../../components/UserAvatar';

/** The signed-in reader: avatar or initials, full name, @username and a settings link (a chunk of its own: readerParts.tsx). */
export default function UserCard({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.username;

  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1, borderRadius: 3, bgcolor: 'action.hover' }}
      aria-label={t('layout.signedInAs', { name: fullName })}
      role="group"
    >
      <UserAvatar src={user.profile_picture} name={fullName} initials={initialsOf(user.first_name, user.last_name, user.username)} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="subtitle2" noWrap>
          {fullName}
        </Typography>
        <Link
          component={RouterLink}
          to={`/profile/${encodeURIComponent(user.username)}`}
          onClick={onNavigate}
          variant="body2"
          color="text.secondary"
          noWrap
          dir="ltr"
          sx={{ display: 'inline-block', maxWidth: '100%' }}
        >
          @{user.username}
        </Link>
      </Box>
      <IconButton component={RouterLink} to="/settings" aria-label={t('nav.settings')} title={t('nav.settings')} onClick={onNavigate}>
        <SettingsIcon />
      </IconButton>
    </Box>
  );
}
