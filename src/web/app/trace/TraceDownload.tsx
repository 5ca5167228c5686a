import Link from '@mui/material/Link';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { toast } from '../../components/toast';
import { addChunkStrings } from '../../i18n/chunkStrings';
import arTrace from '../../i18n/locales/ar/trace';
import enTrace from '../../i18n/locales/en/trace';
import { TRACE_LIMIT, recordTrace, saveFile, traceFile } from './recorder';

addChunkStrings(arTrace, enTrace);

/**
 * "Download a trace", beside the developer-tools switch while it is on (a chunk of its own, with
 * the recorder): the last actions as a Redux DevTools lifted state, redacted, that
 * `scripts/replay-trace.ts` replays. Recording starts with the preference (startPersistence);
 * being shown starts it too, where nothing else did (a screen rendered on its own).
 */
export default function TraceDownload() {
  const { t } = useTranslation();
  const store = useStore();
  useEffect(() => recordTrace(store, true), [store]);
  return (
    <Link
      component="button"
      type="button"
      variant="caption"
      color="text.secondary"
      title={t('trace.hint', { limit: TRACE_LIMIT })}
      onClick={() => {
        try {
          const file = traceFile(store);
          saveFile(file.name, file.text);
          toast.info(t('trace.downloaded', { count: file.actions }));
        } catch {
          toast.error(t('trace.failed'));
        }
      }}
      sx={{ verticalAlign: 'baseline' }}
    >
      {t('trace.download')}
    </Link>
  );
}
