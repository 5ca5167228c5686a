import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../../api/auth';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useToast } from '../../components/toast';
import { selectRefreshToken, signedOut } from '../../state/sessionSlice';

const SIGNED_IN_ONLY = /^\/(bookmarks|settings)(\/|$)/;

/**
 * Sign-out (spec §4): tell the server to revoke the refresh token — its failure does not keep
 * the reader signed in — then drop both tokens and the user and say so. A reader on a
 * signed-in-only page is taken home rather than bounced to /login.
 */
export function useSignOut() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const refresh = useAppSelector(selectRefreshToken);
  const [logout, { isLoading }] = useLogoutMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const signOut = useCallback(async () => {
    if (refresh) {
      try {
        await logout({ refreshRequest: { refresh } }).unwrap();
      } catch {
        // Already expired or revoked, or offline: the local sign-out below is what matters.
      }
    }
    dispatch(signedOut());
    toast.success(t('session.signedOut'));
    if (SIGNED_IN_ONLY.test(pathname)) void navigate('/', { replace: true });
  }, [refresh, logout, dispatch, toast, t, pathname, navigate]);

  return { signOut, isSigningOut: isLoading };
}
