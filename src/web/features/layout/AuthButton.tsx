import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { DirectionalIcon } from '../../components/DirectionalIcon';
import { selectIsSignedIn } from '../../state/sessionSlice';
import { useSignOut } from './useSignOut';

/** Sign in (remembering the current page) or sign out. */
export function AuthButton({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  const { signOut, isSigningOut } = useSignOut();

  if (signedIn) {
    return (
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<DirectionalIcon icon={LogoutIcon} />}
        disabled={isSigningOut}
        onClick={() => {
          onDone?.();
          void signOut();
        }}
      >
        {t('nav.signOut')}
      </Button>
    );
  }
  const here = location.pathname === '/login' ? undefined : { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
  return (
    <Button
      variant="contained"
      component={RouterLink}
      to="/login"
      state={here}
      startIcon={<DirectionalIcon icon={LoginIcon} />}
      onClick={onDone}
    >
      {t('nav.signIn')}
    </Button>
  );
}
