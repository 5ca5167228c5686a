import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { normalizeError } from '../../api/normalizeError';
import { STUDIO_PAGE_SIZE, useGetStudioMeQuery, useListStudioAuditQuery } from '../../api/studio';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { HistoryEvent } from './HistoryEvent';
import { OrganizationChooser } from './OrganizationChooser';
import { StudioStringsGate } from './StudioStringsGate';
import { useStudioOrganizations } from './useStudioOrganizations';

/** /studio/audit (issue 14, "Audit"): every write in one of the organizations the user publishes for, newest first. */
function AuditLog() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const me = useGetStudioMeQuery();
  const organizations = useStudioOrganizations(me.data);
  const publishing = me.data?.is_staff ? organizations : (me.data?.memberships ?? []).filter((m) => m.role === 'publisher').map((m) => m.organization);
  const chosen = Number(params.get('organization')) || publishing[0]?.id;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const log = useListStudioAuditQuery({ organizationId: chosen ?? 0, page, pageSize: STUDIO_PAGE_SIZE }, { skip: !chosen });
  const data = log.currentData;

  const spinner = (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <Spinner label={t('common.loading')} />
    </Box>
  );
  if (me.isLoading) return spinner;
  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 4 }}>
      <Link component={RouterLink} to="/studio">
        {t('studio.editor.backToList')}
      </Link>
      <PageHeader title={t('studio.audit.title')} />
      {publishing.length === 0 ? (
        <Alert severity="info">{t('studio.audit.publishersOnly')}</Alert>
      ) : (
        <>
          {publishing.length > 1 ? (
            <OrganizationChooser
              memberships={publishing.map((organization) => ({ organization, role: 'publisher' as const }))}
              value={chosen}
              onChange={(id) => setParams(id ? { organization: String(id) } : {})}
            />
          ) : null}
          {log.error ? (
            <Alert severity="error">{normalizeError(log.error).message}</Alert>
          ) : !data ? (
            spinner
          ) : data.results.length === 0 ? (
            <Typography color="text.secondary">{t('studio.audit.empty')}</Typography>
          ) : (
            <Box component="ul" aria-label={t('studio.audit.title')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {data.results.map((event) => (
                <HistoryEvent key={event.id} event={event} showPost />
              ))}
            </Box>
          )}
          {data && data.count > STUDIO_PAGE_SIZE ? (
            <Box component="nav" aria-label={t('studio.pagesLabel')} sx={{ display: 'flex', justifyContent: 'center' }}>
              <Pagination
                count={Math.ceil(data.count / STUDIO_PAGE_SIZE)}
                page={page}
                onChange={(_e, p) => setParams({ ...(chosen ? { organization: String(chosen) } : {}), ...(p > 1 ? { page: String(p) } : {}) })}
              />
            </Box>
          ) : null}
        </>
      )}
    </Box>
  );
}

export default function StudioAuditPage() {
  return (
    <StudioStringsGate>
      <AuditLog />
    </StudioStringsGate>
  );
}
