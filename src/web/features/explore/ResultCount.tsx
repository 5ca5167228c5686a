import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from '../../state/preferencesSlice';
import { formatNumber } from './formatNumber';

interface ResultCountProps {
  /** What the server counted; nothing is shown while unknown or zero (the list says it is empty). */
  count: number | undefined;
  /** The count is a lower bound (the server stopped counting): "1,000+ results". */
  bounded: boolean;
}

/**
 * How many posts the search or filters find, with the plural forms of the reader's language.
 * Always in the page, so a screen reader hears each new count as it arrives.
 */
export function ResultCount({ count, bounded }: ResultCountProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const options = { count: count ?? 0, n: formatNumber(count ?? 0, language) };
  return (
    <Typography aria-live="polite" variant="body2" color="text.secondary" sx={{ '&:not(:empty)': { pb: 1 } }}>
      {count ? (bounded ? t('explore.resultCountAtLeast', options) : t('explore.resultCount', options)) : null}
    </Typography>
  );
}
