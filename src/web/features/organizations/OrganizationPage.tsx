import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { organizationsApi, useGetOrganizationQuery, type Organization } from '../../api/organizations';
import { useAppSelector } from '../../app/hooks';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { PageHeader } from '../../components/PageHeader';
import { localized } from '../../components/localized';
import { ShareButton } from '../../components/posts/card/ShareButton';
import { PostsSection } from '../../components/posts/list/PostsSection';
import { useInfinitePages } from '../../components/posts/list/useInfinitePages';
import { selectLanguage } from '../../state/preferencesSlice';
import { DepartmentList } from './DepartmentList';
import { OrganizationContacts } from './OrganizationContacts';
import { OrganizationFigures } from './OrganizationFigures';
import { organizationPath } from '../../components/organizationPaths';
import { SubsidiaryList } from './SubsidiaryList';
import { UnitsDisclosure } from './UnitsDisclosure';
import { VerifiedMark } from './VerifiedMark';
import { isolate } from '../../i18n/bidi';
import { Feeds } from '../../components/feeds/Feeds';
import { Follow } from '../../components/follow/Follow';

/** Spec §9: an organization's posts come 20 at a time. */
export const ORGANIZATION_POSTS_PAGE_SIZE = 20;

function OrganizationDetails({ organization, apiCode }: { organization: Organization; apiCode: string }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const name = localized(language, organization.name_ar, organization.name);
  const description = localized(language, organization.description_ar, organization.description);

  return (
    <>
      <PageHeader
        title={name}
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            {organization.is_verified ? (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'primary.main', fontWeight: 500 }}>
                <VerifiedMark fontSize="small" decorative />
                {t('organizations.verified')}
              </Box>
            ) : null}
            <span>{t('organizations.code', { code: isolate(organization.code) })}</span>
          </Box>
        }
        actions={
          <>
            <ShareButton path={organizationPath(organization.code)} title={name} text={description || undefined} />
            <Feeds arg={{ code: organization.code }} title={name} />
            <Follow topic={{ kind: 'organization', item: organization }} name={name} />
          </>
        }
      />
      {description ? <Typography sx={{ maxWidth: '75ch' }}>{description}</Typography> : null}
      <OrganizationContacts organization={organization} />
      <OrganizationFigures organization={organization} />
      {organization.active_subsidiary_count > 0 ? (
        <UnitsDisclosure summary={t('organizations.subsidiaries')} count={organization.active_subsidiary_count}>
          <SubsidiaryList apiCode={apiCode} />
        </UnitsDisclosure>
      ) : null}
      {organization.active_department_count > 0 ? (
        <UnitsDisclosure summary={t('organizations.departments')} count={organization.active_department_count}>
          <DepartmentList apiCode={apiCode} />
        </UnitsDisclosure>
      ) : null}
    </>
  );
}

function OrganizationLoader({ code }: { code: string }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  // The router hands over the decoded code; the generated endpoint puts it in the path as it is.
  const apiCode = encodeURIComponent(code);
  const { data, error, isSuccess, refetch } = useGetOrganizationQuery({ code: apiCode });
  // The posts are asked for beside the organization, not after it.
  const posts = useInfinitePages(organizationsApi.endpoints.listOrganizationPosts, { code: apiCode, pageSize: ORGANIZATION_POSTS_PAGE_SIZE });
  const missing = isSuccess && !(data && typeof data === 'object' && data.code);

  if (error || missing) {
    const status = error && 'status' in error ? error.status : undefined;
    return (
      <NotFoundPanel
        title={t('organizations.notFound')}
        message={missing || status === 404 ? t('common.notFoundDescription') : error?.message}
        fallbackPath="/organizations"
        onRetry={missing || status !== 404 ? () => void refetch() : undefined}
      />
    );
  }

  const name = data ? localized(language, data.name_ar, data.name) : code;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, pb: 4 }}>
      {data ? (
        <OrganizationDetails organization={data} apiCode={apiCode} />
      ) : (
        <Box role="status" aria-label={t('common.loading')} sx={{ py: 2 }}>
          <Skeleton variant="text" width="50%" height={40} />
          <Skeleton variant="text" width="30%" />
          <Skeleton variant="rounded" height={96} sx={{ mt: 2 }} />
        </Box>
      )}
      <PostsSection pages={posts} label={t('organizations.postsLabel', { name })} emptyMessage={t('organizations.noPosts')} />
    </Box>
  );
}

/** /organizations/{code}: one organization, its details and its posts. */
export default function OrganizationPage() {
  const code = useParams().code ?? '';
  // A new code is a new page: nothing of the previous organization's state carries over.
  return <OrganizationLoader key={code} code={code} />;
}
