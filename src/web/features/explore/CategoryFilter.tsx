import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { localized } from '../../components/localized';
import { selectLanguage } from '../../state/preferencesSlice';
import { ChipRow } from './ChipRow';
import { ExploreSection } from './ExploreSection';
import type { ExploreFilters } from './exploreQuery';
import { CountedLabel, dimmed, useFacets } from './facets';
import { ToggleChip } from './ToggleChip';
import type { FilterChange } from './useExploreFilters';

interface CategoryFilterProps {
  filters: ExploreFilters;
  update(change: FilterChange): void;
}

/**
 * Once the reader has searched or filtered, the categories narrow these results (issue 32): one
 * chip per category with how many of them it holds (dimmed when none); pressing one keeps only
 * its posts, pressing it again clears it. Before that, explore shows the spec's links to each
 * category's feed (CategoriesSection). Shown once the counts are known.
 */
export function CategoryFilter({ filters, update }: CategoryFilterProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const facets = useFacets();
  if (!facets?.categories.length) return null;

  return (
    <ExploreSection title={t('explore.categoriesFound')}>
      <ChipRow label={t('explore.categoriesFound')}>
        {facets.categories.map((category) => {
          const pressed = filters.category === category.slug;
          return (
            <ToggleChip
              key={category.id}
              label={<CountedLabel name={localized(language, category.name_ar, category.name)} count={category.count} />}
              pressed={pressed}
              sx={dimmed(category.count, pressed)}
              onClick={() => update((current) => ({ category: current.category === category.slug ? undefined : category.slug }))}
            />
          );
        })}
      </ChipRow>
    </ExploreSection>
  );
}
