import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeError } from '../../api/normalizeError';
import { useCreateStudioPostMutation, useUpdateStudioPostMutation, type StudioPost } from '../../api/studio';
import { changedInput, fullInput, type EditorValues } from './editorForm';

/** How long after the last keystroke a draft is saved. */
export const AUTOSAVE_DELAY_MS = 1500;

export type SaveState = 'saved' | 'saving' | 'unsaved' | 'failed';

interface Options {
  values: EditorValues;
  /** The values the server holds (the post's, or the empty form of a new post). */
  initial: EditorValues;
  postId: number | undefined;
  /** False while the post cannot be edited, or while a correction is being prepared. */
  enabled: boolean;
  onCreated(post: StudioPost): void;
  /** The server's field messages (a 400 answer). */
  onFieldErrors(fields: Record<string, string[]>): void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves a draft once typing stops: the first save creates the post, later ones PATCH only the
 * fields that changed since the last save. One save at a time; whatever changed meanwhile is
 * saved after it. A failed save is not repeated until the values change again.
 */
export function useAutosave({ values, initial, postId, enabled, onCreated, onFieldErrors }: Options) {
  const { t } = useTranslation();
  const [createPost] = useCreateStudioPostMutation();
  const [updatePost] = useUpdateStudioPostMutation();
  const saved = useRef(initial);
  const failedFor = useRef<EditorValues | undefined>(undefined);
  const inFlight = useRef<Promise<boolean> | undefined>(undefined);
  const idRef = useRef(postId);
  // Kept once the first save created the post, while the address catches up.
  idRef.current = postId ?? idRef.current;
  const [state, setState] = useState<SaveState>('saved');
  const [error, setError] = useState<string>();
  const [round, setRound] = useState(0);

  // The autosave waiting for typing to stop; a flush takes its place.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(values);
  latest.current = values;
  const callbacks = useRef({ onCreated, onFieldErrors });
  callbacks.current = { onCreated, onFieldErrors };

  const save = useCallback(
    async (snapshot: EditorValues): Promise<boolean> => {
      setState('saving');
      try {
        const id = idRef.current;
        if (id) {
          await updatePost({ id, studioPostInput: changedInput(snapshot, saved.current) }).unwrap();
        } else {
          if (!snapshot.organization_id) {
            setError(t('studio.editor.save.needsOrganization'));
            setState('failed');
            failedFor.current = snapshot;
            return false;
          }
          const post = await createPost({ studioPostInput: fullInput(snapshot) }).unwrap();
          idRef.current = post.id;
          callbacks.current.onCreated(post);
        }
        saved.current = snapshot;
        failedFor.current = undefined;
        setError(undefined);
        setState(same(latest.current, snapshot) ? 'saved' : 'unsaved');
        return true;
      } catch (caught) {
        const normalized = normalizeError(caught);
        if (normalized.fields) callbacks.current.onFieldErrors(normalized.fields);
        failedFor.current = snapshot;
        setError(normalized.message);
        setState('failed');
        return false;
      }
    },
    [createPost, updatePost, t],
  );

  const run = useCallback(
    (snapshot: EditorValues) => {
      const pending = save(snapshot).finally(() => {
        inFlight.current = undefined;
        setRound((n) => n + 1);
      });
      inFlight.current = pending;
      return pending;
    },
    [save],
  );

  useEffect(() => {
    if (!enabled || same(values, saved.current)) {
      if (!inFlight.current) setState((s) => (s === 'failed' && !same(values, saved.current) ? s : 'saved'));
      return undefined;
    }
    if (failedFor.current && same(values, failedFor.current)) return undefined;
    setState((s) => (s === 'saving' ? s : 'unsaved'));
    if (inFlight.current) return undefined; // Saved after the current save (round changes).
    timer.current = setTimeout(() => {
      timer.current = undefined;
      // A flush started meanwhile is saving: its end (the round) looks again.
      if (!inFlight.current) void run(latest.current);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [values, enabled, round, run]);

  /** Saves now whatever is not saved (before an action such as submitting); true when all is saved. */
  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    if (inFlight.current) await inFlight.current;
    if (same(latest.current, saved.current)) return true;
    return run(latest.current);
  }, [run]);

  /** After a correction: the server holds these values now. */
  const markSaved = useCallback((snapshot: EditorValues) => {
    saved.current = snapshot;
    failedFor.current = undefined;
    setState('saved');
  }, []);

  return { state, error, flush, markSaved, saved };
}
