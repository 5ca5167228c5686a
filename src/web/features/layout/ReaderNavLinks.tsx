import BookmarksIcon from '@mui/icons-material/Bookmarks';
import DynamicFeedIcon from '@mui/icons-material/DynamicFeed';
import EditNoteIcon from '@mui/icons-material/EditNote';
import SettingsIcon from '@mui/icons-material/Settings';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../state/sessionSlice';
import { NavButton } from './NavButton';

/**
 * The main navigation's links for a signed-in reader: what they follow, their bookmarks, the
 * settings (in the phone's menu; the desktop has them in the user card) and, for the accounts
 * that write for organizations (publishers) and staff, the publishing workspace. A chunk of its
 * own (NavItems), so that a visitor's first download does not carry them.
 */
export default function ReaderNavLinks({ variant, onNavigate }: { variant: 'desktop' | 'menu'; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useAppSelector(selectCurrentUser);
  const writer = Boolean(user && (user.is_staff || user.user_type === 'publisher'));
  return (
    <>
      <li>
        <NavButton to="/following" label={t('nav.following')} icon={DynamicFeedIcon} onNavigate={onNavigate} />
      </li>
      <li>
        <NavButton to="/bookmarks" label={t('nav.bookmarks')} icon={BookmarksIcon} onNavigate={onNavigate} />
      </li>
      {variant === 'menu' && (
        <li>
          <NavButton to="/settings" label={t('nav.settings')} icon={SettingsIcon} onNavigate={onNavigate} />
        </li>
      )}
      {writer && (
        <li>
          <NavButton to="/studio" label={t('nav.studio')} icon={EditNoteIcon} onNavigate={onNavigate} />
        </li>
      )}
    </>
  );
}
