import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { lazyPart } from '../../app/chunks';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toast } from '../../components/toast';
import { debugChanged, selectDebug } from '../../state/preferencesSlice';
import { clockNow, useClock } from '../../app/clock';
import { yearOf } from '../../components/posts/dates';

// With the recorder, in a chunk fetched only while the developer-tools preference is on.
const TraceDownload = lazyPart(() => import(/* webpackChunkName: "trace-recorder" */ '../../app/trace/TraceDownload'));

const LINKS = [
  // Whether a document is the one published (issue 30): where a reader sent a copy looks.
  { to: '/verify', label: 'layout.verify' },
  { to: '/privacy', label: 'layout.privacy' },
  { to: '/terms', label: 'layout.terms' },
  { to: '/about', label: 'layout.about' },
] as const;

/**
 * Turns Redux DevTools on or off for this browser (the `debug` preference). DevTools attach
 * when the store is made, so the change applies from the next page load; a toast says so. The
 * in-app trace recorder follows the preference at once.
 */
function DebugToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const debug = useAppSelector(selectDebug);
  return (
    <Link
      component="button"
      type="button"
      variant="caption"
      color="text.secondary"
      aria-pressed={debug}
      onClick={() => {
        dispatch(debugChanged(!debug));
        toast.info(t(debug ? 'layout.debugOff' : 'layout.debugOn'));
      }}
      sx={{ verticalAlign: 'baseline' }}
    >
      {t('layout.debugMode')}
      {debug ? ' ✓' : ''}
    </Link>
  );
}

/**
 * Privacy, terms and about links, the developer-tools switch (and, while it is on, "Download a
 * trace") and the copyright line.
 */
export function FooterLinks({ onNavigate }: { onNavigate?: () => void }) {
  const clock = useClock();
  const { t } = useTranslation();
  const debug = useAppSelector(selectDebug);
  return (
    <Box component="footer" sx={{ px: 1 }}>
      <Box component="ul" aria-label={t('layout.footer')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {LINKS.map(({ to, label }) => (
          <li key={to}>
            <Link component={RouterLink} to={to} onClick={onNavigate} variant="caption" color="text.secondary">
              {t(label)}
            </Link>
          </li>
        ))}
        <li>
          <DebugToggle />
        </li>
        {debug && (
          <li>
            <Suspense fallback={null}>
              <TraceDownload />
            </Suspense>
          </li>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('layout.copyright', { year: yearOf(clockNow(clock), clock.timeZone) })}
      </Typography>
    </Box>
  );
}
