import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteStudioAttachmentMutation,
  useOrderStudioAttachmentsMutation,
  useUpdateStudioAttachmentMutation,
  useUploadStudioAttachmentMutation,
  type StudioPost,
} from '../../api/studio';
import { AttachmentItem } from './AttachmentItem';
import { ACCEPTED_TYPES, fileProblem } from './attachmentRules';

interface Props {
  /** Absent until a new draft is first saved. */
  post: StudioPost | undefined;
  readOnly: boolean;
}

/** Upload, describe, order and remove the post's files. Each change is saved at once. */
export function AttachmentsPanel({ post, readOnly }: Props) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [upload] = useUploadStudioAttachmentMutation();
  const [order, ordering] = useOrderStudioAttachmentsMutation();
  const [update, updating] = useUpdateStudioAttachmentMutation();
  const [remove, removing] = useDeleteStudioAttachmentMutation();
  const busy = Boolean(uploading) || ordering.isLoading || updating.isLoading || removing.isLoading;
  const attachments = [...(post?.attachments ?? [])].sort((a, b) => a.order - b.order);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // The same file may be chosen again after a fix.
    if (!post) return;
    for (const file of files) {
      const reason = fileProblem(file, t);
      setProblem(reason);
      if (reason) return;
      setUploading(file.name);
      try {
        await upload({ id: post.id, attachmentUpload: { file } }).unwrap();
      } catch {
        // Toasted by the api layer.
      } finally {
        setUploading(null);
      }
    }
  };

  const move = (index: number, step: -1 | 1) => {
    if (!post) return;
    const ids = attachments.map((a) => a.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + step, 0, moved);
    void order({ id: post.id, attachmentOrder: { ids } });
  };

  return (
    <Box component="section" aria-labelledby="studio-attachments" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="studio-attachments" variant="h6" component="h2">
        {t('studio.attachments.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" id="studio-attachment-limits">
        {t('studio.attachments.limits')}
      </Typography>
      {!post ? (
        <Typography variant="body2">{t('studio.attachments.saveFirst')}</Typography>
      ) : readOnly ? null : (
        <Box>
          {/* A real button opening the hidden file input (a label given the button role is not allowed: axe aria-allowed-role). */}
          <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={busy} aria-describedby="studio-attachment-limits" onClick={() => fileInput.current?.click()}>
            {t('studio.attachments.add')}
          </Button>
          <input ref={fileInput} type="file" hidden multiple accept={ACCEPTED_TYPES} tabIndex={-1} aria-label={t('studio.attachments.add')} onChange={(e) => void choose(e)} />
        </Box>
      )}
      {uploading ? <Typography role="status">{t('studio.attachments.uploading', { name: uploading })}</Typography> : null}
      {problem ? (
        <Alert severity="error" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      ) : null}
      {post && attachments.length === 0 ? <Typography color="text.secondary">{t('studio.attachments.none')}</Typography> : null}
      {attachments.length > 0 ? (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-labelledby="studio-attachments">
          {attachments.map((attachment, index) => (
            <AttachmentItem
              key={attachment.id}
              attachment={attachment}
              first={index === 0}
              last={index === attachments.length - 1}
              readOnly={readOnly}
              busy={busy}
              onMove={(step) => move(index, step)}
              onRemove={() => post && void remove({ id: post.id, attachmentId: attachment.id })}
              onSave={(details) => post && void update({ id: post.id, attachmentId: attachment.id, attachmentUpdate: details })}
            />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
