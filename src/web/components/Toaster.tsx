import { Suspense, useEffect } from 'react';
import { lazyPart } from '../app/chunks';
import { TOAST_DEFAULT_MS, TOAST_MAX, TOAST_MAX_WIDTH, toasterMounted } from './toast';

const SnackbarProvider = lazyPart(() => import(/* webpackChunkName: "toasts" */ 'notistack').then((m) => ({ default: m.SnackbarProvider })));

function Mounted() {
  useEffect(() => toasterMounted(), []);
  return null;
}

/** Toasts top-centre, 4 s, at most 20, at most 350 px wide (spec §9), loaded after first render. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SnackbarProvider
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        autoHideDuration={TOAST_DEFAULT_MS}
        maxSnack={TOAST_MAX}
        style={{ maxWidth: TOAST_MAX_WIDTH }}
      />
      <Mounted />
    </Suspense>
  );
}
