import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from '../../state/preferencesSlice';
import { ChipRow } from './ChipRow';
import { ExploreSection } from './ExploreSection';
import type { ExploreFilters } from './exploreQuery';
import { CountedLabel, dimmed, useFacets } from './facets';
import { ToggleChip } from './ToggleChip';
import type { FilterChange } from './useExploreFilters';

interface YearFilterProps {
  filters: ExploreFilters;
  update(change: FilterChange): void;
}

const first = (year: number) => `${year}-01-01`;
const last = (year: number) => `${year}-12-31`;

/** Whether the filters' date range is this whole year. */
export const selectsYear = (filters: ExploreFilters, year: number) =>
  filters.dateRange === 'custom' && filters.startDate === first(year) && filters.endDate === last(year);

/**
 * The years the search's posts were published in, newest first, each with how many (issue 32):
 * pressing one narrows the list to that year (a custom date range), pressing it again clears it.
 * Shown once the counts are known, since the years are theirs.
 */
export function YearFilter({ filters, update }: YearFilterProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const facets = useFacets();
  if (!facets || !facets.years.length) return null;
  // Years in the reader's digits, without grouping (٢٠٢٦, not ٢٬٠٢٦).
  const yearName = (year: number) => new Intl.NumberFormat(language, { useGrouping: false }).format(year);

  return (
    <ExploreSection title={t('explore.years')}>
      <ChipRow label={t('explore.years')}>
        {facets.years.map(({ year, count }) => {
          const pressed = selectsYear(filters, year);
          return (
            <ToggleChip
              key={year}
              label={<CountedLabel name={yearName(year)} count={count} />}
              pressed={pressed}
              sx={dimmed(count, pressed)}
              onClick={() =>
                update((current) =>
                  selectsYear(current, year)
                    ? { dateRange: undefined, startDate: undefined, endDate: undefined }
                    : { dateRange: 'custom', startDate: first(year), endDate: last(year) },
                )
              }
            />
          );
        })}
      </ChipRow>
    </ExploreSection>
  );
}
