import LoginIcon from '@mui/icons-material/Login';
import Button from '@mui/material/Button';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { DirectionalIcon } from '../../components/DirectionalIcon';
import { selectIsSignedIn } from '../../state/sessionSlice';
import { SignOutButton } from './readerParts';

/** Sign in (remembering the current page) or sign out. */
export function AuthButton({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();

  if (signedIn) {
    // A signed-in reader's (readerParts.tsx): never in a page the server drew, so not in the first download.
    return (
      <Suspense fallback={null}>
        <SignOutButton onDone={onDone} />
      </Suspense>
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
