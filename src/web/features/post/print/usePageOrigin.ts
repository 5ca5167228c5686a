import { usePageOrigin as pageOrigin } from '../../../app/clock';

/**
 * The page's origin (`https://portal.example`), for an absolute address printed on paper: the one
 * a drawn page was drawn for (so the QR code is in the drawn page, and the take-over finds it
 * the same), the browser's after; null where none is known.
 */
export function usePageOrigin(): string | null {
  return pageOrigin();
}
