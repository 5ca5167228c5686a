import UpdateIcon from '@mui/icons-material/Update';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { PostUpdateNote } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { useClock } from '../../app/clock';
import { Isolated, VALUE } from '../../components/Isolated';
import { localized } from '../../components/localized';
import { formatLongDate } from '../../components/posts/dates';
import { selectLanguage } from '../../state/preferencesSlice';

/**
 * "Updated on {date}: {note}" for the latest major correction (minor ones are not announced).
 * The note in the reader's language, else the other one's: a correction noted in one language
 * only is still announced to every reader.
 */
export function UpdateNote({ update }: { update: PostUpdateNote }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();
  const note = localized(language, update.note_ar.trim(), update.note.trim());
  const date = formatLongDate(update.updated_at, language, { timeZone });
  return (
    <Box data-testid="update-note" sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, color: 'text.secondary', typography: 'body2', maxWidth: '70ch' }}>
      <UpdateIcon aria-hidden fontSize="small" sx={{ mt: 0.25 }} />
      <Box component="p" sx={{ m: 0 }}>
        {/* The note may be in the other language: isolated, its full stop stays at its end. */}
        {note ? <Isolated text={t('post.updatedOn', { date, note: VALUE })} value={note} /> : t('post.updatedOnNoNote', { date })}
      </Box>
    </Box>
  );
}
