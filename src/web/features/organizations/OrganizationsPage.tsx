import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { organizationsApi, type ListOrganizationsApiArg } from '../../api/organizations';
import { DirectoryList } from '../../components/DirectoryList';
import { FilterSearchBox } from '../../components/FilterSearchBox';
import { PageHeader } from '../../components/PageHeader';
import { useCheckedPages } from '../../components/posts/list/useCheckedPages';
import { OrganizationCard } from './OrganizationCard';

/** Spec §9: organizations come 20 at a time, searched or not. */
export const ORGANIZATIONS_PAGE_SIZE = 20;

/** The list query for the search box's text; lists ask only for active, verified organizations (§6). */
export function organizationListArg(text: string): ListOrganizationsApiArg {
  const search = text.trim();
  const arg: ListOrganizationsApiArg = { pageSize: ORGANIZATIONS_PAGE_SIZE, isActive: true, isVerified: true };
  return search ? { ...arg, search } : arg;
}

const LIST_TAG = { type: 'Organization', id: 'LIST' } as const;

/** /organizations: the publishing organizations, with a search by name or code and load more. */
export default function OrganizationsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const arg = useMemo(() => organizationListArg(search), [search]);
  const { pages, formatError, refetch } = useCheckedPages(organizationsApi.endpoints.listOrganizations, arg, LIST_TAG);
  const error = formatError ? t(formatError) : pages.error?.message;

  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 4 }}>
      <PageHeader
        title={t('organizations.title')}
        subtitle={pages.count !== undefined && !formatError ? t('organizations.count', { count: pages.count }) : undefined}
      />
      <FilterSearchBox label={t('organizations.searchLabel')} placeholder={t('organizations.searchPlaceholder')} onSearch={setSearch} only="organization" />
      <DirectoryList
        pages={pages}
        label={t('organizations.title')}
        error={error}
        errorTitle={t('errors.fetchOrganizations')}
        onRetry={formatError ? refetch : undefined}
        emptyMessage={t('organizations.empty')}
        itemKey={(organization) => organization.id}
        renderItem={(organization) => <OrganizationCard organization={organization} />}
        minCardWidth={260}
      />
    </Box>
  );
}
