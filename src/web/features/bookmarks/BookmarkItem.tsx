import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Bookmark } from '../../api/bookmarks';
import { useAppSelector } from '../../app/hooks';
import { PostCard } from '../../components/posts/card/PostCard';
import { formatLongDate } from '../../components/posts/dates';
import { selectLanguage } from '../../state/preferencesSlice';
import { BookmarkNotes } from './BookmarkNotes';
import { OfflineFilesSwitch } from '../../components/offline/OfflineFilesSwitch';
import { useClock } from '../../app/clock';

/** One saved post: its card (whose bookmark button removes it), the reader's notes and when it was saved, and whether its attachments are kept for reading offline. */
export function BookmarkItem({ bookmark }: { bookmark: Bookmark }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();
  return (
    <Box component="li" data-bookmark-id={bookmark.id} sx={{ display: 'grid', gap: 1 }}>
      <PostCard post={bookmark.post} savedAt={bookmark.created_at} />
      <BookmarkNotes bookmark={bookmark} footnote={t('bookmarks.bookmarkedOn', { date: formatLongDate(bookmark.created_at, language, { timeZone }) })} />
      <OfflineFilesSwitch post={bookmark.post} />
    </Box>
  );
}
