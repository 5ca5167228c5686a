import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { toast } from '../components/toast';
import type { NormalizedError } from './normalizeError';

/** Spec §8: these are answered by the screens (login redirect, forbidden and not-found panels). */
export const SILENT_STATUSES: ReadonlySet<number> = new Set([401, 403, 404]);

/**
 * Calls whose failure the screen itself reports with the text §8 chooses for it (the sign-in
 * banner and toast, sign-up field errors, the settings forms, the bookmarks screen's error state, the bookmark transitions of §4)
 * or deliberately ignores (logout: the local sign-out is what matters). The generic toast
 * would say the same thing twice, or contradict the screen, so it stays quiet for them.
 */
export const SCREEN_REPORTED_ENDPOINTS: ReadonlySet<string> = new Set([
  'login',
  'registerUser',
  'logout',
  'updateCurrentUser',
  'changePassword',
  'requestPasswordReset',
  'confirmPasswordReset',
  'listBookmarks',
  'bookmarkPost',
  'updateBookmark',
  'deleteBookmark',
  // The verify page says what was wrong with the question itself.
  'verifyDocument',
  // The workspace's editor shows a failed save by its fields and its save status.
  'createStudioPost',
  'updateStudioPost',
  // The alerts dialog puts a refused address on its field.
  'createAlertSubscription',
  // Suggestions and "did you mean" are help while typing: when they fail, the search still works
  // and none is shown, without a toast over the reader's typing.
  'suggestContent',
  'correctSearch',
]);

export type Notify = (message: string) => void;

const notifyWithSnackbar: Notify = (message) => {
  toast.error(message);
};

const isNormalized = (value: unknown): value is NormalizedError =>
  typeof value === 'object' && value !== null && typeof (value as NormalizedError).status === 'number' && typeof (value as NormalizedError).message === 'string';

/**
 * A toast for every rejected RTK Query call except 401, 403 and 404 (aborted calls carry no
 * value and are skipped), and except the calls whose screens report their own failures.
 */
export const createErrorToastMiddleware =
  (notify: Notify = notifyWithSnackbar): Middleware =>
  () =>
  (next) =>
  (action) => {
    if (isRejectedWithValue(action) && isNormalized(action.payload) && !SILENT_STATUSES.has(action.payload.status)) {
      const meta = action.meta as { arg?: { endpointName?: string } };
      const endpoint = meta.arg?.endpointName;
      if (endpoint && !SCREEN_REPORTED_ENDPOINTS.has(endpoint)) notify(action.payload.message);
    }
    return next(action);
  };

export const errorToastMiddleware = createErrorToastMiddleware();
