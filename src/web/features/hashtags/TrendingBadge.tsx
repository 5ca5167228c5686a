import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** The trending mark of a hashtag (the theme's secondary colour keeps its text at AA). */
export function TrendingBadge() {
  const { t } = useTranslation();
  return (
    <Chip
      component="span"
      size="small"
      color="secondary"
      icon={<TrendingUpIcon aria-hidden />}
      label={t('hashtags.trending')}
      sx={{ fontWeight: 500, flexShrink: 0 }}
    />
  );
}
