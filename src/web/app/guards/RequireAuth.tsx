import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectIsSignedIn } from '../../state/sessionSlice';
import { useAppSelector } from '../hooks';
import type { OriginState } from './origin';

/** Signed-in-only routes: a visitor goes to /login, which remembers where they were going. */
export function RequireAuth() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  if (!signedIn) {
    const state: OriginState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
