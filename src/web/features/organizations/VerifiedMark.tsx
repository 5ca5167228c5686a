import VerifiedIcon from '@mui/icons-material/Verified';
import { useTranslation } from 'react-i18next';

/**
 * The verified badge of an organization: named for screen readers and as a tooltip, or
 * `decorative` when the words 'Verified organization' stand beside it.
 */
export function VerifiedMark({ fontSize = 'inherit', decorative = false }: { fontSize?: 'inherit' | 'small' | 'medium'; decorative?: boolean }) {
  const { t } = useTranslation();
  const sx = { flexShrink: 0, verticalAlign: 'middle' };
  return decorative ? (
    <VerifiedIcon color="primary" fontSize={fontSize} aria-hidden sx={sx} />
  ) : (
    <VerifiedIcon color="primary" fontSize={fontSize} titleAccess={t('organizations.verified')} sx={sx} />
  );
}
