/** A post as the workspace shows it to its writers: the public presentation, its stage, and what the reader may do. */
import type { Queryable } from '../../db/db';
import type { Schemas } from '../../http/routes';
import type { AuthContext } from '../auth/context';
import { presentPostAt } from '../posts/present';
import type { PostRow } from '../posts/post-sql';
import { findPostsByIds } from '../posts/repository';
import type { Role } from './access';
import { accessible, actorOf, type StudioRow } from './studio-row';
import { abilitiesOf, stageOf } from './workflow';

type StudioPost = Schemas['StudioPost'];

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A post as the workspace shows it, URLs at `base`. */
export async function readStudioPost(db: Queryable, auth: AuthContext, id: number, base: string): Promise<StudioPost> {
  const { row, role } = await accessible(db, auth, id);
  const {
    rows: [full],
  } = await findPostsByIds(db, [row.id]);
  return studioPostOf(base, row, full, role, auth);
}

export function studioPostOf(base: string, row: StudioRow, full: PostRow, role: Role, auth: AuthContext): StudioPost {
  const post = presentPostAt(base, full);
  return {
    id: post.id,
    slug: post.slug,
    stage: stageOf(row),
    status: post.status,
    title: post.title,
    title_ar: post.title_ar,
    summary: post.summary,
    summary_ar: post.summary_ar,
    content: post.content,
    content_ar: post.content_ar,
    language: post.language,
    type_id: post.type.id,
    category_ids: row.category_ids,
    subcategory_ids: row.subcategory_ids,
    hashtags: row.hashtags,
    organization: post.organization!,
    subsidiary_id: row.subsidiary_id,
    document_number: post.document_number,
    issued_on: post.issued_on,
    issued_on_hijri: post.issued_on_hijri,
    author: post.author,
    created_at: post.created_at,
    updated_at: post.updated_at,
    published_at: post.published_at,
    scheduled_at: iso(row.scheduled_at),
    version: row.version,
    attachments: post.attachments,
    relations: post.relations,
    withdrawal: post.withdrawal,
    role,
    can: abilitiesOf(row, actorOf(role, auth)),
  };
}
