import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { useGetCurrentUserQuery } from '../../api/auth';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { selectCurrentUser, selectIsSignedIn } from '../../features/auth/sessionSlice';
import { useAppSelector } from '../hooks';

/**
 * Stored tokens but no user yet (a reload): fetch the profile before any route renders, so the
 * guards and the layout see the real session. The session slice stores the answer; a 401 that
 * cannot be refreshed ends the session (baseQuery). Any other failure lets the app render.
 */
export function SessionGate() {
  const { t } = useTranslation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectCurrentUser);
  const needsUser = signedIn && !user;
  const { isError } = useGetCurrentUserQuery(undefined, { skip: !needsUser });

  if (needsUser && !isError) return <FullPageSpinner label={t('session.loadingProfile')} />;
  return <Outlet />;
}
