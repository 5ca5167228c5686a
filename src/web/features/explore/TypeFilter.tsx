import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { useListPostTypesQuery, type PostType } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { postTypeColorVar } from '../../theme/postTypeColors';
import { localized } from '../../components/localized';
import { selectLanguage } from '../../state/preferencesSlice';
import { ChipRow } from './ChipRow';
import { CountedLabel, dimmed, useFacets } from './facets';
import { ExploreSection } from './ExploreSection';
import type { ExploreFilters } from './exploreQuery';
import { ToggleChip } from './ToggleChip';
import type { FilterChange } from './useExploreFilters';

interface TypeFilterProps {
  filters: ExploreFilters;
  update(change: FilterChange): void;
}

/** Whether the filters select this type, by id or (from a hand-written address) by either name. */
export const selectsType = (filters: ExploreFilters, type: PostType) =>
  filters.typeId !== undefined ? filters.typeId === type.id : filters.type === type.name || filters.type === type.name_ar;

/**
 * One chip per active post type, with how many posts it would find (dimmed when none): pressing
 * selects it by id, pressing it again clears it.
 */
export function TypeFilter({ filters, update }: TypeFilterProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { data: types = [], isLoading } = useListPostTypesQuery();
  const facets = useFacets();

  return (
    <ExploreSection title={t('explore.postTypes')} more={{ to: '/types', label: t('explore.viewAllTypes') }}>
      <ChipRow label={t('explore.postTypes')}>
        {isLoading
          ? Array.from({ length: 5 }, (_, i) => <Skeleton key={i} variant="rounded" width={72} height={32} sx={{ borderRadius: 4 }} />)
          : types
              .filter((type) => type.is_active)
              .map((type) => {
                const selected = selectsType(filters, type);
                const count = facets?.types.find((f) => f.id === type.id)?.count ?? (facets ? 0 : undefined);
                return (
                  <ToggleChip
                    key={type.id}
                    label={<CountedLabel name={localized(language, type.name_ar, type.name)} count={count} />}
                    icon={<Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: postTypeColorVar(type.name), flexShrink: 0 }} />}
                    pressed={selected}
                    // The English name is the contract's lower-case one (as on the type badge).
                    sx={{ textTransform: 'capitalize', ...dimmed(count, selected) }}
                    onClick={() => update((current) => ({ type: undefined, typeId: selectsType(current, type) ? undefined : type.id }))}
                  />
                );
              })}
      </ChipRow>
    </ExploreSection>
  );
}
