import BookmarkIcon from '@mui/icons-material/Bookmark';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookmarkPostMutation, useDeleteBookmarkMutation } from '../../../api/bookmarks';
import type { Post } from '../../../api/posts';
import { useAppSelector } from '../../../app/hooks';
import { useLocation } from 'react-router-dom';
import { signInHref } from '../../../app/guards/origin';
import { useSignInPrompt } from '../../../app/guards/useSignInPrompt';
import { toast } from '../../toast';
import { selectCurrentUser, selectIsSignedIn } from '../../../state/sessionSlice';
import { ActionButton } from './ActionButton';
import { loadNotePopover, loadedNotePopover, prefetchNotePopoverWhenIdle } from './notePopoverChunk';

type BookmarkablePost = Pick<Post, 'id' | 'slug' | 'is_bookmarked' | 'bookmark_id' | 'title' | 'title_ar'>;

/**
 * The bookmark toggle (spec §4). A visitor gets 'يرجى تسجيل الدخول لحفظ المنشورات' and goes to
 * /login, which brings them back here. A reader adding a bookmark is asked for an optional
 * note first (BookmarkNotePopover, a chunk of its own fetched when the browser is idle or on
 * the first press); removing is direct. The post shows the change at once through the cache
 * patches of api/bookmarks.ts, which undo it when the call fails. Presses are ignored while
 * the profile of a stored session is still loading; one made while a call is under way is
 * answered once it is done (a bookmark is removed by the id the add call answers with). The
 * button stays enabled so that keyboard focus stays on it.
 */
export function BookmarkButton({ post, variant = 'icon' }: { post: BookmarkablePost; variant?: 'icon' | 'button' }) {
  const { t } = useTranslation();
  const askToSignIn = useSignInPrompt();
  const location = useLocation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectCurrentUser);
  const [bookmarkPost, adding] = useBookmarkPostMutation();
  const [deleteBookmark, removing] = useDeleteBookmarkMutation();
  const bookmarked = post.is_bookmarked;
  const [asking, setAsking] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (signedIn) prefetchNotePopoverWhenIdle();
  }, [signedIn]);

  const add = async (notes: string | null) => {
    try {
      const { message } = await bookmarkPost({ slug: post.slug, bookmarkNotes: { notes } }).unwrap();
      toast.success(message || t('bookmark.added'));
    } catch {
      toast.error(t('bookmark.addFailed'));
    }
  };

  const remove = async (id: number) => {
    try {
      await deleteBookmark({ id }).unwrap();
      toast.success(t('bookmark.removed'));
    } catch {
      toast.error(t('bookmark.removeFailed'));
    }
  };

  const ask = (button: HTMLElement) => {
    if (loadedNotePopover()) {
      setAsking(button);
      return;
    }
    // Without its chunk (offline) the note cannot be asked for: say adding failed, nothing changed.
    loadNotePopover().then(
      () => setAsking(button),
      () => toast.error(t('bookmark.addFailed')),
    );
  };

  const calling = adding.isLoading || removing.isLoading;
  // A press made while a call is under way (the mark changes at once, before the call answers)
  // is answered when it is done: a bookmark is removed by the id the add call answers with.
  const [waitingPress, setWaitingPress] = useState<HTMLElement | null>(null);

  const toggle = (button: HTMLElement) => {
    if (!bookmarked) ask(button);
    else if (post.bookmark_id !== null) void remove(post.bookmark_id);
  };

  const press = (button: HTMLElement) => {
    if (!signedIn) {
      askToSignIn(t('bookmark.signInRequired'));
      return;
    }
    if (!user) return;
    if (calling) setWaitingPress(button);
    else toggle(button);
  };

  useEffect(() => {
    if (!waitingPress || calling) return;
    // The kept press is replayed once, when the call under way is done: the effect is that moment.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setWaitingPress(null);
    if (signedIn) toggle(waitingPress);
    // Only when the call is done; the press's own handler reads the post as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waitingPress, calling]);

  const NotePopover = loadedNotePopover();
  return (
    <>
      <ActionButton
        variant={variant}
        icon={bookmarked ? <BookmarkIcon fontSize="small" /> : <BookmarkBorderIcon fontSize="small" />}
        label={t('postCard.bookmark')}
        hint={bookmarked ? t('postCard.removeBookmark') : undefined}
        onClick={(event) => {
          event.preventDefault();
          press(event.currentTarget);
        }}
        pressed={bookmarked}
        // A visitor's press works before the app's scripts arrive: /login, which says why and
        // brings them back (spec §4); a reader's is kept and replayed by the app.
        link={{ href: signedIn ? undefined : signInHref(location, 'bookmark'), keepIfSignedIn: true }}
      />
      {asking && NotePopover ? (
        // The chunk's one component, the same on every render once loaded (notePopoverChunk.ts).
        // eslint-disable-next-line react-hooks/static-components
        <NotePopover
          anchor={asking}
          onClose={() => setAsking(null)}
          onSave={(notes) => {
            setAsking(null);
            void add(notes);
          }}
        />
      ) : null}
    </>
  );
}
