import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { normalizeError } from '../../api/normalizeError';
import { STUDIO_PAGE_SIZE, useGetStudioMeQuery, useListStudioPostsQuery } from '../../api/studio';
import { Isolated, VALUE } from '../../components/Isolated';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { Spinner } from '../../components/Spinner';
import { tabsOnPhone } from '../../components/tabsOnPhone';
import { NotMemberPanel } from './NotMemberPanel';
import { OrganizationChooser } from './OrganizationChooser';
import { StudioPostRow } from './StudioPostRow';
import { StudioStringsGate } from './StudioStringsGate';
import { isStage, STAGES } from './stages';

/**
 * /studio (issue 14): the posts of the user's organizations by stage, with search and pages.
 * Stage, organization, search and page live in the address, so Back from the editor returns
 * to the same view.
 */
function StudioList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const stage = isStage(params.get('stage')) ? (params.get('stage') as (typeof STAGES)[number]) : 'draft';
  const organization = Number(params.get('organization')) || undefined;
  const search = params.get('search')?.trim() || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(search ?? '');

  const me = useGetStudioMeQuery();
  const member = Boolean(me.data && (me.data.is_staff || me.data.memberships.length > 0));
  const list = useListStudioPostsQuery({ stage, organization, search, page, pageSize: STUDIO_PAGE_SIZE }, { skip: !member });

  /** Changes some of the view's parameters; any change but the page's starts at page 1. */
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  if (me.isLoading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <Spinner label={t('common.loading')} />
      </Box>
    );
  }
  if (me.error) return <Alert severity="error">{normalizeError(me.error).message}</Alert>;
  if (!member || !me.data) {
    return (
      <Box sx={{ pb: 4 }}>
        <PageHeader title={t('studio.title')} />
        <NotMemberPanel />
      </Box>
    );
  }

  const memberships = me.data.memberships;
  const newPostHref = organization ? `/studio/new?organization=${organization}` : '/studio/new';
  // The current view's answer only: another stage's posts must not show while this one loads.
  const data = list.currentData;
  const pages = data ? Math.max(1, Math.ceil(data.count / STUDIO_PAGE_SIZE)) : 1;
  const roleNote = me.data.is_staff ? t('studio.roles.staff') : memberships.length === 1 ? t(`studio.roles.${memberships[0].role}`) : undefined;

  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 4 }}>
      <PageHeader
        title={t('studio.title')}
        subtitle={roleNote}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            {me.data.is_staff || memberships.some((m) => m.role === 'publisher') ? (
              <>
                <Button component={RouterLink} to="/studio/audit">
                  {t('studio.audit.link')}
                </Button>
                {/* Staff manage memberships there; publishers may read their organization's members. */}
                <Button component={RouterLink} to="/studio/members">
                  {t('studio.members.link')}
                </Button>
              </>
            ) : null}
            <Button component={RouterLink} to={newPostHref} variant="contained" startIcon={<AddIcon />}>
              {t('studio.newPost')}
            </Button>
          </Box>
        }
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {memberships.length > 1 ? (
          <OrganizationChooser memberships={memberships} value={organization} onChange={(id) => update({ organization: id ? String(id) : undefined })} />
        ) : null}
        <SearchField
          sx={{ flex: 1, minWidth: 220 }}
          label={t('studio.searchLabel')}
          placeholder={t('studio.searchPlaceholder')}
          clearLabel={t('studio.clearSearch')}
          value={text}
          onChange={setText}
          onSubmit={(query) => update({ search: query || undefined })}
          onClear={() => {
            setText('');
            update({ search: undefined });
          }}
        />
      </Box>
      <Tabs
        value={stage}
        onChange={(_e, value: string) => update({ stage: value === 'draft' ? undefined : value })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('studio.stagesLabel')}
        sx={tabsOnPhone}
      >
        {STAGES.map((s) => (
          <Tab key={s} value={s} label={t(`studio.stage.${s}`)} id={`stage-tab-${s}`} aria-controls="stage-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="stage-panel" aria-labelledby={`stage-tab-${stage}`}>
        {list.isFetching && !data ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <Spinner label={t('common.loading')} />
          </Box>
        ) : list.error ? (
          <Alert severity="error" action={<Button color="inherit" onClick={() => void list.refetch()}>{t('common.retry')}</Button>}>
            <Isolated text={t('studio.errorLoading', { error: VALUE })} value={normalizeError(list.error).message} />
          </Alert>
        ) : !data || data.results.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {search ? t('studio.noMatch') : t('studio.empty')}
          </Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {t('studio.count', { count: data.count })}
            </Typography>
            <Box component="ul" aria-label={t(`studio.stage.${stage}`)} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {data.results.map((post) => (
                <StudioPostRow key={post.id} post={post} />
              ))}
            </Box>
            {pages > 1 ? (
              <Box component="nav" aria-label={t('studio.pagesLabel')} sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
                <Pagination count={pages} page={page} onChange={(_e, p) => update({ page: p > 1 ? String(p) : undefined })} />
              </Box>
            ) : null}
          </>
        )}
      </Box>
    </Box>
  );
}

export default function StudioListPage() {
  return (
    <StudioStringsGate>
      <StudioList />
    </StudioStringsGate>
  );
}
