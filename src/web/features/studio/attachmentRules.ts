import type { TFunction } from 'i18next';
import { ATTACHMENT_LIMITS } from '../../api/studio';

const MB = 1024 * 1024;

/** The types the file chooser offers (the server sniffs the bytes anyway). */
export const ACCEPTED_TYPES = Object.keys(ATTACHMENT_LIMITS).join(',');

/** Why a chosen file cannot be uploaded, or null: checked here first so no one waits for a refusal. */
export function fileProblem(file: File, t: TFunction): string | null {
  const limit = ATTACHMENT_LIMITS[file.type];
  if (limit === undefined) return t('studio.attachments.wrongType', { name: file.name });
  if (file.size > limit) return t('studio.attachments.tooLarge', { name: file.name, limit: `${limit / MB} MB` });
  return null;
}
