import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../components/toast';
import type { OriginState } from './origin';

/**
 * For a visitor pressing what needs an account (bookmark, follow): says why and goes to /login,
 * which brings the reader back here after signing in (spec §4).
 */
export function useSignInPrompt(): (message: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (message) => {
    toast.info(message);
    const state: OriginState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    void navigate('/login', { state });
  };
}
