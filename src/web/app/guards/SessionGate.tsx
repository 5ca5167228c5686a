import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { useGetCurrentUserQuery } from '../../api/auth';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { selectCurrentUser, selectIsSignedIn } from '../../state/sessionSlice';
import { useAppSelector } from '../hooks';

/**
 * Stored tokens but no user yet (a reload): fetches the profile. The session slice stores the
 * answer; a 401 that cannot be refreshed ends the session (baseQuery). Any other failure lets
 * the app go on as it is. Called by the layout, so every screen asks as soon as it shows.
 */
export function useSessionUser(): { waiting: boolean } {
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectCurrentUser);
  const needsUser = signedIn && !user;
  const { isError } = useGetCurrentUserQuery(undefined, { skip: !needsUser });
  return { waiting: needsUser && !isError };
}

/**
 * The guarded routes (signed-in only, guest only) decide on the real session: they wait for the
 * profile with a spinner (spec §2). Public screens do not wait: they show at once and the
 * reader's own bits fill in when the profile arrives.
 */
export function SessionGate() {
  const { t } = useTranslation();
  const { waiting } = useSessionUser();
  if (waiting) return <FullPageSpinner label={t('session.loadingProfile')} />;
  return <Outlet />;
}
