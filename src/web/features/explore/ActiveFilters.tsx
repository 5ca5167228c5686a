import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useListCategoriesQuery } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { Isolated, VALUE } from '../../components/Isolated';
import { localized } from '../../components/localized';
import { selectLanguage } from '../../state/preferencesSlice';
import { ChipRow } from './ChipRow';
import { countActiveFilters, type ExploreFilters } from './exploreQuery';
import type { FilterChange } from './useExploreFilters';

interface ActiveFiltersProps {
  filters: ExploreFilters;
  update(change: FilterChange): void;
  clearAll(): void;
}

/**
 * How many filters are set, with 'clear all'. The filters no control of this screen sets (a
 * shared address's category, status, order or view counts) are listed too, each removable, so
 * a narrowed list never has an invisible reason.
 */
export function ActiveFilters({ filters, update, clearAll }: ActiveFiltersProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { data: categories } = useListCategoriesQuery(undefined, { skip: !filters.category });
  const count = countActiveFilters(filters);
  if (!count) return null;

  const category = filters.category && categories?.find((c) => c.slug === filters.category);
  const others: { key: string; name: string; value: string | number; remove: Partial<ExploreFilters> }[] = [];
  if (filters.category) {
    others.push({
      key: 'category',
      name: t('explore.category'),
      value: category ? localized(language, category.name_ar, category.name) : filters.category,
      remove: { category: undefined },
    });
  }
  if (filters.status) others.push({ key: 'status', name: t('explore.statusLabel'), value: t(`explore.status.${filters.status}`), remove: { status: undefined } });
  if (filters.sortBy === 'oldest' || filters.sortBy === 'least_viewed') {
    others.push({ key: 'sortBy', name: t('explore.sortBy'), value: t(`explore.sort.${filters.sortBy}`), remove: { sortBy: undefined } });
  }
  if (filters.minViews !== undefined) others.push({ key: 'minViews', name: t('explore.minViews'), value: filters.minViews, remove: { minViews: undefined } });
  if (filters.maxViews !== undefined) others.push({ key: 'maxViews', name: t('explore.maxViews'), value: filters.maxViews, remove: { maxViews: undefined } });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography role="status" variant="body2" color="text.secondary">
          {t('explore.activeFilters', { count })}
        </Typography>
        <Button size="small" startIcon={<FilterAltOffIcon />} onClick={clearAll}>
          {t('explore.clearAll')}
        </Button>
      </Box>
      {others.length ? (
        <ChipRow>
          {others.map(({ key, name, value, remove }) => {
            const label = t('explore.filterValue', { name, value });
            return (
              <Chip
                key={key}
                size="small"
                label={<Isolated text={t('explore.filterValue', { name, value: VALUE })} value={value} />}
                aria-label={t('explore.removeFilter', { name: label })}
                onClick={() => update(remove)}
                onDelete={() => update(remove)}
              />
            );
          })}
        </ChipRow>
      ) : null}
    </Box>
  );
}
