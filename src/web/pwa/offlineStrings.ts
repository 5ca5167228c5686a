import { addChunkStrings } from '../i18n/chunkStrings';
import arOffline from '../i18n/locales/ar/offline';
import enOffline from '../i18n/locales/en/offline';

let added = false;

/**
 * Reading offline's strings travel with its chunks (the worker's registration, the banner, the
 * offline page, the bookmark's switch), not in every reader's first download.
 */
export function addOfflineStrings(): void {
  if (added) return;
  added = true;
  addChunkStrings(arOffline, enOffline);
}
