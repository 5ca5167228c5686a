import BusinessIcon from '@mui/icons-material/Business';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetOrganizationQuery, useListOrganizationsQuery, type Organization } from '../../api/organizations';
import { useAppSelector } from '../../app/hooks';
import { localized } from '../../components/localized';
import { FIRST_ORGANIZATIONS_PAGE } from '../../components/rightColumn';
import { selectLanguage } from '../../state/preferencesSlice';
import { ChipRow } from './ChipRow';
import { CountedLabel, dimmed, useFacets } from './facets';
import type { ExploreFilters } from './exploreQuery';
import { ToggleChip } from './ToggleChip';
import type { FilterChange } from './useExploreFilters';

interface OrganizationFilterProps {
  filters: ExploreFilters;
  update(change: FilterChange): void;
}

/** Whether the filters select this organization, by code or (from a hand-written address) by id. */
export const selectsOrganization = (filters: ExploreFilters, organization: Pick<Organization, 'id' | 'code'>) =>
  filters.organizationCode !== undefined ? filters.organizationCode === organization.code : filters.organization === organization.id;

/**
 * A button that shows or hides the organization chips: the first 20 active, verified ones (the
 * same request as the right column's), plus the selected one when it is not among them.
 * Pressing a chip selects it by code; pressing it again clears it.
 */
export function OrganizationFilter({ filters, update }: OrganizationFilterProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const listId = useId();
  const selected = filters.organizationCode !== undefined || filters.organization !== undefined;
  // Open from the start when the address already selects one, so the selection is in view.
  const [open, setOpen] = useState(selected);
  const { data, isLoading } = useListOrganizationsQuery(FIRST_ORGANIZATIONS_PAGE, { skip: !open });
  const listed = data?.results ?? [];
  const code = filters.organizationCode;
  const missing = open && data && code !== undefined && !listed.some((o) => o.code === code);
  const { data: extra } = useGetOrganizationQuery(missing ? { code } : skipToken);
  const shown = extra && missing ? [extra, ...listed] : listed;
  // With counts: those the search finds first, most posts first, then the rest (dimmed), and any
  // that finds posts though it is not among the first listed.
  const facets = useFacets();
  const countOf = (code: string) => (facets ? (facets.organizations.find((f) => f.code === code)?.count ?? 0) : undefined);
  const organizations: Pick<Organization, 'id' | 'code' | 'name' | 'name_ar'>[] = facets
    ? [...shown, ...facets.organizations.filter((f) => f.count > 0 && !shown.some((o) => o.code === f.code))].sort(
        (a, b) => (countOf(b.code) ?? 0) - (countOf(a.code) ?? 0),
      )
    : shown;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      <Button
        size="small"
        startIcon={<BusinessIcon />}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((o) => !o)}
        color={selected ? 'primary' : 'inherit'}
      >
        {open ? t('explore.hideOrganizations') : t('explore.showOrganizations')}
      </Button>
      {open ? (
        <Box id={listId} sx={{ alignSelf: 'stretch' }}>
          <ChipRow label={t('explore.organizations')}>
            {isLoading
              ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} variant="rounded" width={120} height={32} sx={{ borderRadius: 4 }} />)
              : organizations.map((organization) => {
                  const active = selectsOrganization(filters, organization);
                  const count = countOf(organization.code);
                  return (
                    <ToggleChip
                      key={organization.id}
                      label={<CountedLabel name={localized(language, organization.name_ar, organization.name)} count={count} />}
                      pressed={active}
                      sx={dimmed(count, active)}
                      onClick={() =>
                        update((current) => ({
                          organization: undefined,
                          organizationCode: selectsOrganization(current, organization) ? undefined : organization.code,
                        }))
                      }
                    />
                  );
                })}
          </ChipRow>
        </Box>
      ) : null}
    </Box>
  );
}
