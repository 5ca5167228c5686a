import { Suspense } from 'react';
import { readyLazy } from '../../app/heldLazy';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../state/sessionSlice';

// A signed-in reader's parts of the frame: their own navigation links, their card and the
// sign-out button. One small chunk, asked for as soon as a session is known (start.tsx), so that
// a visitor's first download does not carry them; a page the server drew is a visitor's (the
// reader's session is the app's only after the take-over), so its first render never needs them.
// Rendered directly once here (readyLazy): as lazy parts they came in under the menu's other
// links up to half a second after it opened.
const [ReaderNavLinks, loadLinks] = readyLazy(() => import(/* webpackChunkName: "reader-nav" */ './ReaderNavLinks'));
const [UserCard, loadCard] = readyLazy(() => import(/* webpackChunkName: "reader-nav" */ './UserCard'));
const [SignOutButton, loadSignOut] = readyLazy(() => import(/* webpackChunkName: "reader-nav" */ './SignOutButton'));

/** Asks for a signed-in reader's parts (one chunk). */
export function loadReaderParts(): Promise<unknown> {
  return Promise.all([loadLinks(), loadCard(), loadSignOut()]);
}

export { ReaderNavLinks, SignOutButton };

/** The signed-in reader's card (UserCard); nothing, and no download, for a visitor. */
export function ReaderCard({ onNavigate }: { onNavigate?: () => void }) {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <UserCard onNavigate={onNavigate} />
    </Suspense>
  );
}
