import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKMARK_NOTE_MAX } from '../../../api/bookmarks';
import { addChunkStrings } from '../../../i18n/chunkStrings';
import arBookmarkNote from '../../../i18n/locales/ar/bookmarkNote';
import enBookmarkNote from '../../../i18n/locales/en/bookmarkNote';

addChunkStrings(arBookmarkNote, enBookmarkNote);

/** About the popover's height (title, three-row field, counter, actions) plus a margin, in px. */
const POPOVER_HEIGHT = 300;

interface BookmarkNotePopoverProps {
  anchor: HTMLElement;
  /** The trimmed note, or null for 'save without note' (and for a blank note). */
  onSave(notes: string | null): void;
  /** Escape or a click outside: nothing is saved. */
  onClose(): void;
}

/**
 * The note asked for when a post is bookmarked (spec §4): an optional note with its n/500
 * counter, 'save with note' and 'save without note'. A dialog anchored to the button (focus
 * moves in and returns to the button); Escape and an outside click close it without saving.
 * Its own chunk: the post card, on the home route, does not carry it.
 */
export default function BookmarkNotePopover({ anchor, onSave, onClose }: BookmarkNotePopoverProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const counterId = useId();
  const [notes, setNotes] = useState('');
  // MUI shifts a popover that does not fit below its anchor up over the button; open it above
  // instead when there is more room there.
  const [above] = useState(() => {
    const { top, bottom } = anchor.getBoundingClientRect();
    const roomBelow = window.innerHeight - bottom;
    return roomBelow < POPOVER_HEIGHT && top > roomBelow;
  });

  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: above ? 'top' : 'bottom', horizontal: 'center' }}
      transformOrigin={{ vertical: above ? 'bottom' : 'top', horizontal: 'center' }}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 2, width: 340, maxWidth: 'calc(100vw - 32px)', display: 'grid', gap: 1.5 } } }}
    >
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('bookmarkNote.title')}
      </Typography>
      <TextField
        label={t('bookmarkNote.noteLabel')}
        placeholder={t('bookmarkNote.notePlaceholder')}
        value={notes}
        onChange={(event) => setNotes(event.target.value.slice(0, BOOKMARK_NOTE_MAX))}
        multiline
        minRows={3}
        maxRows={8}
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { maxLength: BOOKMARK_NOTE_MAX, 'aria-describedby': counterId, dir: 'auto' } }}
      />
      <Typography id={counterId} variant="caption" color="text.secondary" aria-live="polite" sx={{ justifySelf: 'end' }}>
        <bdi>{t('bookmark.counter', { count: notes.length })}</bdi>
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button onClick={() => onSave(null)}>{t('bookmarkNote.saveWithoutNote')}</Button>
        <Button variant="contained" onClick={() => onSave(notes.trim() || null)}>
          {t('bookmarkNote.saveWithNote')}
        </Button>
      </Box>
    </Popover>
  );
}
