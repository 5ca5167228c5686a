import EditNoteIcon from '@mui/icons-material/EditNote';
import { useTranslation } from 'react-i18next';
import { NavButton } from './NavItems';

/** The publishing workspace's link in the main navigation (loaded for writers only: NavItems). */
export default function StudioNavLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return <NavButton to="/studio" label={t('nav.studio')} icon={EditNoteIcon} onNavigate={onNavigate} />;
}
