import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { DirectionalIcon } from '../../components/DirectionalIcon';

/** 'View N more' to a full list; nothing when there is nothing more. */
export function ViewMoreLink({ to, count, onNavigate }: { to: string; count: number; onNavigate?: () => void }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Link
      component={RouterLink}
      to={to}
      onClick={onNavigate}
      variant="body2"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1 }}
    >
      {t('common.viewMore', { count })}
      <DirectionalIcon icon={ChevronRightIcon} fontSize="small" />
    </Link>
  );
}
