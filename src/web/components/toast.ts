import Button from '@mui/material/Button';
import type { OptionsObject, SnackbarKey } from 'notistack';
import { createElement, Fragment } from 'react';

/** Durations of spec §9: 4 s by default (set on the provider), 2 s for success. */
export const TOAST_DEFAULT_MS = 4000;
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_MAX = 20;
export const TOAST_MAX_WIDTH = 350;

// notistack is not part of the first download (the home route's JS budget): <Toaster/> loads
// and mounts its provider after the first render, and toasts asked for before that wait for it.
let markReady: () => void = () => undefined;
const providerReady = new Promise<void>((resolve) => {
  markReady = resolve;
});
/** Called by <Toaster/> once notistack's provider is mounted. */
export const toasterMounted = () => markReady();
const notistack = () => import(/* webpackChunkName: "toasts" */ 'notistack');

let sequence = 0;
/** Runs `use` with notistack once its provider is mounted; should its chunk not come, toasts are lost, not the page. */
const withNotistack = (use: (m: Awaited<ReturnType<typeof notistack>>) => unknown) => void providerReady.then(notistack).then(use, () => undefined);

function show(message: string, options: OptionsObject, key: SnackbarKey = `toast-${++sequence}`): SnackbarKey {
  withNotistack((m) => m.enqueueSnackbar(message, { ...options, key }));
  return key;
}

/**
 * Toasts, usable from components (useToast) and from plain code such as middleware (toast).
 * `loading` stays until dismissed with the key it returns.
 */
export const toast = {
  success: (message: string): SnackbarKey => show(message, { variant: 'success', autoHideDuration: TOAST_SUCCESS_MS }),
  // notistack compares keys, when there are keys, to find a duplicate: an error's key is its
  // message, so the same error from two requests (a list and its retry) shows once.
  error: (message: string): SnackbarKey => show(message, { variant: 'error', preventDuplicate: true }, `toast-error:${message}`),
  info: (message: string): SnackbarKey => show(message, { variant: 'info' }),
  loading: (message: string): SnackbarKey => show(message, { variant: 'default', persist: true }),
  /**
   * A toast that stays until its action is pressed, it is closed (with `closeLabel`, when given)
   * or it is replaced (same key): e.g. "a new version is available — Reload". The action closes
   * it, then runs.
   */
  offer: (message: string, actionLabel: string, onAction: () => void, { key = `toast-${++sequence}`, closeLabel }: { key?: SnackbarKey; closeLabel?: string } = {}): SnackbarKey =>
    show(
      message,
      {
        variant: 'info',
        persist: true,
        preventDuplicate: true,
        action: (own: SnackbarKey) => {
          // notistack sets the action apart with physical margins its styles keep in either
          // direction: in Arabic the label ran into the message.
          const sx = { marginInlineStart: 1, flexShrink: 0, whiteSpace: 'nowrap', fontWeight: 700 };
          const act = createElement(
            Button,
            {
              key: 'act',
              color: 'inherit',
              size: 'small',
              sx: { ...sx, marginInlineStart: 2 },
              onClick: () => {
                toast.dismiss(own);
                onAction();
              },
            },
            actionLabel,
          );
          if (!closeLabel) return act;
          const close = createElement(Button, { key: 'close', color: 'inherit', size: 'small', sx: { ...sx, fontWeight: 400 }, onClick: () => toast.dismiss(own) }, closeLabel);
          return createElement(Fragment, null, act, close);
        },
      },
      key,
    ),
  dismiss: (key?: SnackbarKey): void => {
    withNotistack((m) => m.closeSnackbar(key));
  },
};

export type Toast = typeof toast;

export function useToast(): Toast {
  return toast;
}
