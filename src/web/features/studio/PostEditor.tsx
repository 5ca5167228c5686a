import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useFormik } from 'formik';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { OrganizationSummary, StudioPost } from '../../api/studio';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { AttachmentsPanel } from './AttachmentsPanel';
import { ClassificationFields } from './ClassificationFields';
import { DocumentFields } from './DocumentFields';
import { changedInput, editorSchema, toValues, type EditorField, type EditorValues } from './editorForm';
import { PostActions } from './PostActions';
import { PreviewPanel } from './PreviewPanel';
import { RelationsPanel } from './RelationsPanel';
import { ReviewSection } from './ReviewSection';
import { SaveStatus } from './SaveStatus';
import { formatDateTime } from './studioDates';
import { TextFields } from './TextFields';
import { useAutosave } from './useAutosave';
import { useLeaveGuard } from './useLeaveGuard';

interface Props {
  /** Absent for a new post until its first save. */
  post: StudioPost | undefined;
  organizations: OrganizationSummary[];
  /** A new post's organization, when the address or a single membership gives it. */
  organizationId?: number;
}

/**
 * The editor of one post (issue 14): every field, saved automatically while the post is a
 * draft; a live preview; the actions its abilities allow; attachments, relations and review.
 * A published post is corrected in a mode of its own: the changes are held until the
 * correction (with its kind and note) is confirmed.
 */
export function PostEditor({ post, organizations, organizationId }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'ar';
  const navigate = useNavigate();
  const creating = !post;
  const [correcting, setCorrecting] = useState(false);
  // The form starts from the post once: later answers (a stage change, an autosave) must not
  // replace what is being typed.
  const [initial] = useState(() => toValues(post, organizationId));
  const schema = useMemo(() => editorSchema(t, creating), [t, creating]);
  const form = useFormik<EditorValues>({ initialValues: initial, validationSchema: schema, onSubmit: () => undefined });
  const editable = creating || Boolean(post?.can.edit);
  const readOnly = !(editable || correcting);

  const onFieldErrors = useCallback(
    (fields: Record<string, string[]>) => {
      const known = Object.entries(fields).filter(([name]) => name in initial) as Array<[EditorField, string[]]>;
      if (known.length === 0) return;
      form.setErrors(Object.fromEntries(known.map(([name, messages]) => [name, messages[0]])));
      void form.setTouched({ ...form.touched, ...Object.fromEntries(known.map(([name]) => [name, true])) }, false);
    },
    [form, initial],
  );

  const autosave = useAutosave({
    values: form.values,
    initial,
    postId: post?.id,
    enabled: editable && !correcting,
    onCreated: (created) => void navigate(`/studio/posts/${created.id}`, { replace: true, state: { created: true } }),
    onFieldErrors,
  });
  const unsaved = autosave.state !== 'saved' || (correcting && form.dirty);
  useLeaveGuard(unsaved, t('studio.editor.leaveConfirm'));

  /** Before an action that needs a complete post: save, then check every field. */
  const prepare = async () => {
    const errors = await form.validateForm();
    const invalid = Object.keys(errors);
    if (invalid.length > 0) {
      void form.setTouched(Object.fromEntries(invalid.map((name) => [name, true])), false);
      toast.error(t('studio.editor.validation.fixBeforeSubmit'));
      document.getElementById(`studio-${invalid[0]}`)?.focus();
      return false;
    }
    return autosave.flush();
  };

  const title = creating ? t('studio.editor.newTitle') : t('studio.editor.editTitle');
  return (
    <Box sx={{ display: 'grid', gap: 3, pb: 4 }}>
      <Box>
        <Link component={RouterLink} to="/studio">
          {t('studio.editor.backToList')}
        </Link>
        <PageHeader
          title={title}
          subtitle={
            post
              ? [t(`studio.stage.${post.stage}`), post.stage === 'scheduled' && post.scheduled_at ? t('studio.scheduledFor', { date: formatDateTime(post.scheduled_at, language) }) : '']
                  .filter(Boolean)
                  .join(' · ')
              : undefined
          }
          actions={editable && !correcting ? <SaveStatus state={autosave.state} error={autosave.error} /> : null}
        />
      </Box>
      {post ? (
        <PostActions
          post={post}
          prepare={prepare}
          correcting={correcting}
          setCorrecting={(on) => {
            if (!on) form.resetForm({ values: autosave.saved.current });
            setCorrecting(on);
          }}
          correction={() => changedInput(form.values, autosave.saved.current)}
          onCorrected={() => {
            autosave.markSaved(form.values);
            form.resetForm({ values: form.values });
            setCorrecting(false);
          }}
          onFieldErrors={onFieldErrors}
        />
      ) : null}
      {readOnly ? <Alert severity="info">{t('studio.editor.readOnly')}</Alert> : null}
      {correcting ? <Alert severity="warning">{t('studio.editor.correcting')}</Alert> : null}
      <Box component="form" noValidate aria-label={t('studio.editor.formLabel')} onSubmit={(e) => e.preventDefault()} sx={{ display: 'grid', gap: 3 }}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          <TextFields form={form} language="ar" readOnly={readOnly} />
          <TextFields form={form} language="en" readOnly={readOnly} />
        </Box>
        <ClassificationFields form={form} readOnly={readOnly} />
        <DocumentFields form={form} readOnly={readOnly} organizations={organizations} creating={creating} />
      </Box>
      <PreviewPanel values={form.values} organizations={organizations} />
      <AttachmentsPanel post={post} readOnly={!editable} />
      {post ? <RelationsPanel post={post} readOnly={!editable && !correcting} /> : null}
      {post ? <ReviewSection postId={post.id} /> : null}
    </Box>
  );
}
