import type { Queryable } from '../../db/db';

/** An attachment a visitor may fetch: one of a published or archived post. */
export interface ServedAttachment {
  storage_key: string;
  /** Its Arabic title, the name it is served under. */
  title: string;
  file_extension: string;
  file_type: string;
  width: number | null;
}

export async function findServedAttachment(db: Queryable, id: number): Promise<ServedAttachment | undefined> {
  const [row] = await db.query<ServedAttachment>(
    `SELECT a.storage_key, a.title_ar AS title, a.file_extension, a.file_type, a.width
       FROM attachments a JOIN posts p ON p.id = a.post_id
      WHERE a.id = $1 AND p.status IN ('published', 'archived')`,
    [id],
  );
  return row;
}
