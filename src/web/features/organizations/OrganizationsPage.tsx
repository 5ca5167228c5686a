import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { organizationsApi, type ListOrganizationsApiArg } from '../../api/organizations';
import { pagedListError } from '../../api/responseChecks';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DirectoryList } from '../../components/DirectoryList';
import { FilterSearchBox } from '../../components/FilterSearchBox';
import { PageHeader } from '../../components/PageHeader';
import { useInfinitePages } from '../posts/list/useInfinitePages';
import { OrganizationCard } from './OrganizationCard';

/** Spec §9: organizations come 20 at a time, searched or not. */
export const ORGANIZATIONS_PAGE_SIZE = 20;

/** The list query for the search box's text; lists ask only for active, verified organizations (§6). */
export function organizationListArg(text: string): ListOrganizationsApiArg {
  const search = text.trim();
  const arg: ListOrganizationsApiArg = { pageSize: ORGANIZATIONS_PAGE_SIZE, isActive: true, isVerified: true };
  return search ? { ...arg, search } : arg;
}

/** /organizations: the publishing organizations, with a search by name or code and load more. */
export default function OrganizationsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const arg = useMemo(() => organizationListArg(search), [search]);
  const pages = useInfinitePages(organizationsApi.endpoints.listOrganizations, arg);
  const formatError = useAppSelector((state) =>
    pagedListError(organizationsApi.util.selectCachedArgsForQuery(state, 'listOrganizations'), arg, (cached) =>
      organizationsApi.endpoints.listOrganizations.select(cached)(state),
    ),
  );
  const error = formatError ? t(formatError) : pages.error?.message;
  const dispatch = useAppDispatch();
  // A malformed answer arrived (200): asking the list again means refetching its pages.
  const refetchList = () => dispatch(organizationsApi.util.invalidateTags([{ type: 'Organization', id: 'LIST' }]));

  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 4 }}>
      <PageHeader
        title={t('organizations.title')}
        subtitle={pages.count !== undefined && !formatError ? t('organizations.count', { count: pages.count }) : undefined}
      />
      <FilterSearchBox label={t('organizations.searchLabel')} placeholder={t('organizations.searchPlaceholder')} onSearch={setSearch} />
      <DirectoryList
        pages={pages}
        label={t('organizations.title')}
        error={error}
        errorTitle={t('errors.fetchOrganizations')}
        onRetry={formatError ? refetchList : undefined}
        emptyMessage={t('organizations.empty')}
        itemKey={(organization) => organization.id}
        renderItem={(organization) => <OrganizationCard organization={organization} />}
        minCardWidth={260}
      />
    </Box>
  );
}
