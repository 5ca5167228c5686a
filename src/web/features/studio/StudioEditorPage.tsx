import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { normalizeError } from '../../api/normalizeError';
import { useGetStudioMeQuery, useGetStudioPostQuery } from '../../api/studio';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { NotMemberPanel } from './NotMemberPanel';
import { PostEditor } from './PostEditor';
import { StudioStringsGate } from './StudioStringsGate';
import { useStudioOrganizations } from './useStudioOrganizations';

/**
 * /studio/new and /studio/posts/:id. A new post's first save moves to its own address; the
 * editor is kept (same key) across that move so nothing typed meanwhile is lost.
 */
function EditorRoute() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const id = idParam ? Number(idParam) : undefined;
  const me = useGetStudioMeQuery();
  const organizations = useStudioOrganizations(me.data);
  const post = useGetStudioPostQuery({ id: id ?? 0 }, { skip: !id || Number.isNaN(id) });
  // Only the editor that made the post, still on screen, skips loading it: a history entry keeps
  // its state through a reload or a return, and that editor must start from the saved post.
  const startedNew = useRef(id === undefined);
  const created = startedNew.current && (location.state as { created?: boolean } | null)?.created;

  const spinner = (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <Spinner label={t('common.loading')} />
    </Box>
  );
  // Right after a new post's first save the editor stays on screen (its post is in the cache, or about to be).
  if (me.isLoading || (id && post.isLoading && !created)) return spinner;
  if (me.data && !me.data.is_staff && me.data.memberships.length === 0) {
    return (
      <Box sx={{ pb: 4 }}>
        <PageHeader title={t('studio.title')} />
        <NotMemberPanel />
      </Box>
    );
  }
  if (id !== undefined && (Number.isNaN(id) || (post.error && normalizeError(post.error).status === 404))) {
    return <NotFoundPanel title={t('studio.editor.notFound')} fallbackPath="/studio" />;
  }
  if (post.error || me.error) return <Alert severity="error">{normalizeError(post.error ?? me.error).message}</Alert>;
  if (id && !post.data && !created) return spinner;

  const fromAddress = Number(params.get('organization')) || undefined;
  const organizationId = fromAddress ?? (organizations.length === 1 ? organizations[0].id : undefined);
  return <PostEditor key={created ? 'new' : (id ?? 'new')} post={post.data} organizations={organizations} organizationId={organizationId} />;
}

export default function StudioEditorPage() {
  return (
    <StudioStringsGate>
      <EditorRoute />
    </StudioStringsGate>
  );
}
