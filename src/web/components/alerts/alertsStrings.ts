import { addChunkStrings } from '../../i18n/chunkStrings';
import arAlerts from '../../i18n/locales/ar/alerts';
import enAlerts from '../../i18n/locales/en/alerts';

let added = false;

/**
 * The alerts screens' strings travel with their chunk (and with the settings screen's, whose
 * alerts tab shows the same list), not in every reader's first download. Called at the top of
 * each module that shows them, before its first render.
 */
export function addAlertsStrings(): void {
  if (added) return;
  added = true;
  addChunkStrings(arAlerts, enAlerts);
}
