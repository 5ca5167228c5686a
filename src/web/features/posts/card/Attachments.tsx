import type { Attachment } from '../../../api/posts';

/**
 * STUB (interface agreed): images in a grid (opening the lightbox) and files as rows with
 * download. `preview` (cards): 2 on mobile, 4 on desktop, then '{n} more files' linking to `morePath`.
 */
export function Attachments(_props: { attachments: Attachment[]; preview?: boolean; morePath?: string }) {
  return null;
}
