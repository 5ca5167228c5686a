import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { toast } from '../components/toast';
import type { NormalizedError } from './normalizeError';

/** Spec §8: these are answered by the screens (login redirect, forbidden and not-found panels). */
export const SILENT_STATUSES: ReadonlySet<number> = new Set([401, 403, 404]);

export type Notify = (message: string) => void;

const notifyWithSnackbar: Notify = (message) => {
  toast.error(message);
};

const isNormalized = (value: unknown): value is NormalizedError =>
  typeof value === 'object' && value !== null && typeof (value as NormalizedError).status === 'number' && typeof (value as NormalizedError).message === 'string';

/** A toast for every rejected RTK Query call except 401, 403 and 404 (aborted calls carry no value and are skipped). */
export const createErrorToastMiddleware =
  (notify: Notify = notifyWithSnackbar): Middleware =>
  () =>
  (next) =>
  (action) => {
    if (isRejectedWithValue(action) && isNormalized(action.payload) && !SILENT_STATUSES.has(action.payload.status)) {
      const meta = action.meta as { arg?: { endpointName?: string } };
      if (meta.arg?.endpointName) notify(action.payload.message);
    }
    return next(action);
  };

export const errorToastMiddleware = createErrorToastMiddleware();
