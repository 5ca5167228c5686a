import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../api/studio';
import type { Language } from '../../i18n/types';
import { localized } from '../../components/localized';

interface Props {
  attachment: Attachment;
  first: boolean;
  last: boolean;
  readOnly: boolean;
  busy: boolean;
  onMove(step: -1 | 1): void;
  onRemove(): void;
  onSave(details: { title_ar?: string; title: string | null; description: string }): void;
}

/** One attachment: a link to the file, its titles and description, and buttons to move or remove it. */
export function AttachmentItem({ attachment, first, last, readOnly, busy, onMove, onRemove, onSave }: Props) {
  const { t, i18n } = useTranslation();
  const [titleAr, setTitleAr] = useState(attachment.title_ar);
  const [title, setTitle] = useState(attachment.title ?? '');
  const [description, setDescription] = useState(attachment.description);
  const name = localized((i18n.resolvedLanguage ?? 'ar') as Language, attachment.title_ar, attachment.title) || attachment.file.split('/').pop() || attachment.file_extension;
  const changed = titleAr !== attachment.title_ar || title !== (attachment.title ?? '') || description !== attachment.description;
  // The Arabic title cannot be emptied (readers of English fall back on it): a blank one is
  // left out, so the saved one stays; a blank English title removes it.
  const save = () => onSave({ ...(titleAr.trim() && { title_ar: titleAr.trim() }), title: title.trim() || null, description: description.trim() });
  return (
    <Box component="li" sx={{ display: 'grid', gap: 1, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Link href={attachment.file_url} target="_blank" rel="noopener" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          <bdi>{name}</bdi> ({attachment.file_extension.toUpperCase()}, <bdi dir="ltr">{attachment.file_size_display}</bdi>)
        </Link>
        {readOnly ? null : (
          <>
            <IconButton aria-label={t('studio.attachments.moveUp', { name })} disabled={first || busy} onClick={() => onMove(-1)}>
              <ArrowUpwardIcon />
            </IconButton>
            <IconButton aria-label={t('studio.attachments.moveDown', { name })} disabled={last || busy} onClick={() => onMove(1)}>
              <ArrowDownwardIcon />
            </IconButton>
            <IconButton aria-label={t('studio.attachments.remove', { name })} disabled={busy} onClick={onRemove} color="error">
              <DeleteIcon />
            </IconButton>
          </>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 2fr auto' }, alignItems: 'start' }}>
        <TextField size="small" id={`attachment-${attachment.id}-title-ar`} label={t('studio.attachments.fileTitleAr')} value={titleAr} onChange={(e) => setTitleAr(e.target.value)} slotProps={{ input: { readOnly } }} />
        <TextField
          size="small"
          id={`attachment-${attachment.id}-title`}
          label={t('studio.attachments.fileTitleEn')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          slotProps={{ input: { readOnly }, htmlInput: { dir: 'ltr' } }}
        />
        <TextField
          size="small"
          id={`attachment-${attachment.id}-description`}
          label={t('studio.attachments.fileDescription')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          slotProps={{ input: { readOnly } }}
        />
        {readOnly ? null : (
          <Button onClick={save} disabled={!changed || busy}>
            {t('studio.attachments.saveDetails')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
