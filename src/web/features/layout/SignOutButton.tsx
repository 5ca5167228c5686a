import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { DirectionalIcon } from '../../components/DirectionalIcon';
import { useSignOut } from './useSignOut';

/** A signed-in reader's sign-out (AuthButton's other half; a chunk of its own: readerParts.tsx). */
export default function SignOutButton({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { signOut, isSigningOut } = useSignOut();
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
