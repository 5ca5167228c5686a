import { invalid } from '../../http/errors';

export const MAX_NOTES_LENGTH = 500;

/**
 * A note as sent: trimmed, at most 500 characters after trimming (spec §5); null clears it;
 * absent means unchanged (undefined).
 */
export function notesFrom(body: { notes?: string | null } | undefined | null): string | undefined {
  const notes = body?.notes;
  if (notes === undefined) return undefined;
  if (notes === null) return '';
  const trimmed = notes.trim();
  // Characters as people count them: an emoji or a letter outside the BMP is one.
  if ([...trimmed].length > MAX_NOTES_LENGTH) throw invalid({ notes: ['notesTooLong'] });
  return trimmed;
}
