import { useTranslation } from 'react-i18next';
import type { InForce } from '../../api/posts';
import { ChipRow } from './ChipRow';
import { CountedLabel, dimmed, useFacets } from './facets';
import { ExploreSection } from './ExploreSection';
import { IN_FORCE_STATES, type ExploreFilters } from './exploreQuery';
import { ToggleChip } from './ToggleChip';
import type { FilterChange } from './useExploreFilters';

interface InForceFilterProps {
  filters: ExploreFilters;
  update(change: FilterChange): void;
}

/**
 * All posts, or only those in force, amended or repealed (issue 14): one of the four is always
 * pressed, and pressing a pressed state again goes back to all.
 */
export function InForceFilter({ filters, update }: InForceFilterProps) {
  const { t } = useTranslation();
  const choose = (state: InForce | undefined) => update((current) => ({ inForce: current.inForce === state ? undefined : state }));
  const facets = useFacets();
  const countOf = (state: InForce) => (facets ? (facets.in_force.find((f) => f.value === state)?.count ?? 0) : undefined);
  // All states together: what the list finds whichever state is chosen.
  const all = facets ? facets.in_force.reduce((sum, f) => sum + f.count, 0) : undefined;

  return (
    <ExploreSection title={t('explore.inForce.label')}>
      <ChipRow label={t('explore.inForce.label')}>
        <ToggleChip
          label={<CountedLabel name={t('explore.inForce.all')} count={all} />}
          pressed={filters.inForce === undefined}
          onClick={() => choose(undefined)}
        />
        {IN_FORCE_STATES.map((state) => (
          <ToggleChip
            key={state}
            label={<CountedLabel name={t(`explore.inForce.${state}`)} count={countOf(state)} />}
            pressed={filters.inForce === state}
            sx={dimmed(countOf(state), filters.inForce === state)}
            onClick={() => choose(state)}
          />
        ))}
      </ChipRow>
    </ExploreSection>
  );
}
