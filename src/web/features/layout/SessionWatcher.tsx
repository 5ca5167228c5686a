import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useToast } from '../../components/toast';
import { noticeShown, selectSessionNotice } from '../../state/sessionSlice';

const MESSAGE_KEYS = { sessionExpired: 'session.expired', authFailed: 'session.authFailed' } as const;

/**
 * When the call layer ends the session (no refresh token, or the refresh failed), say why
 * (spec §8) and go to /login, remembering the page so signing in again returns to it.
 */
export function SessionWatcher() {
  const { t } = useTranslation();
  const notice = useAppSelector(selectSessionNotice);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();

  useEffect(() => {
    if (!notice) return;
    toast.error(t(MESSAGE_KEYS[notice]));
    dispatch(noticeShown());
    if (location.pathname !== '/login') {
      void navigate('/login', { replace: true, state: { from: { pathname: location.pathname, search: location.search, hash: location.hash } } });
    }
  }, [notice, toast, t, dispatch, navigate, location]);

  return null;
}
