import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKMARK_NOTE_MAX, useUpdateBookmarkMutation, type Bookmark } from '../../api/bookmarks';
import { toast } from '../../components/toast';
import { useUnsavedWork } from '../../app/unsavedWork';

/**
 * 'My notes' of one bookmark (spec §2, §4): the note or 'No notes', and an edit mode with a
 * textarea and its n/500 counter; save trims and updates, cancel discards. On failure the
 * edit stays open with the text typed, so nothing is lost. `footnote` closes the panel (the
 * date the post was saved).
 */
export function BookmarkNotes({ bookmark, footnote }: { bookmark: Pick<Bookmark, 'id' | 'notes'>; footnote?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const counterId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateBookmarkMutation();
  // A note being typed is not reloaded away by a new version of the app (src/web/pwa/pwa.ts).
  useUnsavedWork(draft !== null && draft.trim() !== (bookmark.notes ?? '').trim());

  const save = async () => {
    if (draft === null) return;
    try {
      await update({ id: bookmark.id, bookmarkNotes: { notes: draft.trim() } }).unwrap();
      toast.success(t('bookmark.notesUpdated'));
      setDraft(null);
    } catch {
      toast.error(t('bookmark.notesUpdateFailed'));
    }
  };

  return (
    // A named group, not a region: every bookmark has one, and landmarks must differ by name.
    <Box role="group" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1, px: 2, py: 1.5, bgcolor: 'action.hover', borderRadius: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          {t('bookmarks.myNotes')}
        </Typography>
        {draft === null ? (
          <Button size="small" startIcon={<EditIcon fontSize="small" />} onClick={() => setDraft(bookmark.notes ?? '')}>
            {t('bookmarks.editNotes')}
          </Button>
        ) : null}
      </Box>
      {draft === null ? (
        bookmark.notes ? (
          <Typography dir="auto" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {bookmark.notes}
          </Typography>
        ) : (
          <Typography color="text.secondary">{t('bookmarks.noNotes')}</Typography>
        )
      ) : (
        <>
          <TextField
            label={t('bookmarks.notesLabel')}
            value={draft}
            onChange={(event) => setDraft(event.target.value.slice(0, BOOKMARK_NOTE_MAX))}
            multiline
            minRows={3}
            autoFocus
            fullWidth
            disabled={isLoading}
            slotProps={{ htmlInput: { maxLength: BOOKMARK_NOTE_MAX, 'aria-describedby': counterId, dir: 'auto' } }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography id={counterId} variant="caption" color="text.secondary" aria-live="polite" sx={{ flex: 1 }}>
              <bdi>{t('bookmark.counter', { count: draft.length })}</bdi>
            </Typography>
            <Button onClick={() => setDraft(null)} disabled={isLoading}>
              {t('bookmarks.cancelEdit')}
            </Button>
            <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
              {t('bookmarks.saveNotes')}
            </Button>
          </Box>
        </>
      )}
      {footnote ? (
        <Typography variant="caption" color="text.secondary">
          {footnote}
        </Typography>
      ) : null}
    </Box>
  );
}
