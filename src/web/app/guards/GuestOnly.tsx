import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectIsSignedIn } from '../../state/sessionSlice';
import { useAppSelector } from '../hooks';
import { rememberedOrigin } from './origin';

/**
 * Guest-only routes (/login, /signup): a signed-in reader goes to /, or to the remembered
 * origin when they just signed in on the way to it.
 */
export function GuestOnly() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  if (signedIn) return <Navigate to={rememberedOrigin(location.state, location.search)} replace />;
  return <Outlet />;
}
