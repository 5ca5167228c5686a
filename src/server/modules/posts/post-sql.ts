import type { PostText } from './post-text';

/**
 * The format of posts kept as answers (post-docs.ts, migration 011): raised by a change to how a
 * post is presented, so that posts kept before it are built again rather than served.
 */
export const DOC_FORMAT = 3;

/** The kept answer of each post `p`, when it is kept at the post's revision and in this format. */
export const KEPT_DOC_JOIN = ` LEFT JOIN post_docs d ON d.post_id = p.id AND d.rev = p.doc_rev AND d.format = ${DOC_FORMAT}`;
/**
 * The columns of a post as answers show it, relations included, so that a page of posts is one
 * statement: small correlated subqueries (each an index lookup) build the lists as JSON instead
 * of one query per post. Expects `p` (posts) joined with POST_JOINS. With a reader (a
 * placeholder for their id), also that reader's bookmark of each post.
 */
export function postColumns(readerParam: string | null): string {
  const bookmark =
    readerParam === null ? '' : `,
    (SELECT b.id FROM bookmarks b WHERE b.user_id = ${readerParam} AND b.post_id = p.id) AS bookmark_id`;
  return `p.id, p.slug, p.title, p.title_ar, p.summary, p.summary_ar, p.content, p.content_ar, p.language, p.status,
    p.published_at, p.created_at, p.updated_at, p.view_count, p.reading_time, p.attachment_count,
    p.meta_description, p.meta_keywords, p.author_id,
    p.document_number, p.issued_on::text AS issued_on, p.version, p.withdrawn_reason, p.withdrawn_reason_ar, p.withdrawn_at,
    (SELECT json_build_object('version', v.version, 'updated_at', v.created_at, 'note', v.note, 'note_ar', v.note_ar)
       FROM post_versions v WHERE v.post_id = p.id AND v.kind = 'major' ORDER BY v.version DESC LIMIT 1) AS last_update,
    (SELECT json_agg(r ORDER BY r.direction DESC, r.kind, r.id) FROM (
        SELECT 'out' AS direction, pr.kind, q.id, q.slug, q.title, q.title_ar, q.document_number, q.published_at, q.status,
               qo.name AS org_name, qo.name_ar AS org_name_ar
          FROM post_relations pr JOIN posts q ON q.id = pr.target_id LEFT JOIN organizations qo ON qo.id = q.organization_id
         WHERE pr.post_id = p.id
        UNION ALL
        -- Only what published posts do to this one counts (a draft that would repeal it does not yet).
        SELECT 'in', pr.kind, q.id, q.slug, q.title, q.title_ar, q.document_number, q.published_at, q.status,
               qo.name, qo.name_ar
          FROM post_relations pr JOIN posts q ON q.id = pr.post_id LEFT JOIN organizations qo ON qo.id = q.organization_id
         WHERE pr.target_id = p.id AND q.status = 'published') r) AS relations,
    u.username AS author_username, u.first_name AS author_first_name, u.last_name AS author_last_name,
    u.user_type AS author_user_type, u.is_verified AS author_is_verified, u.profile_picture AS author_picture,
    t.id AS type_id, t.name AS type_name, t.name_ar AS type_name_ar,
    o.id AS org_id, o.code AS org_code, o.name AS org_name, o.name_ar AS org_name_ar, o.is_verified AS org_is_verified,
    s.name AS subsidiary_name, s.name_ar AS subsidiary_name_ar,
    (SELECT json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name, 'name_ar', c.name_ar)
                     ORDER BY c.sort_order, c.id)
       FROM post_categories pc JOIN categories c ON c.id = pc.category_id
      WHERE pc.post_id = p.id) AS categories,
    (SELECT json_agg(json_build_object('id', sc.id, 'slug', sc.slug, 'category', c.slug, 'name', sc.name, 'name_ar', sc.name_ar)
                     ORDER BY sc.id)
       FROM post_subcategories ps JOIN subcategories sc ON sc.id = ps.subcategory_id
       JOIN categories c ON c.id = sc.category_id
      WHERE ps.post_id = p.id) AS subcategories,
    (SELECT json_agg(json_build_object('id', h.id, 'name', h.name, 'slug', h.slug) ORDER BY h.id)
       FROM post_hashtags ph JOIN hashtags h ON h.id = ph.hashtag_id
      WHERE ph.post_id = p.id) AS hashtags,
    (SELECT json_agg(json_build_object('id', a.id, 'key', a.storage_key, 'thumbnail', a.thumbnail_key, 'title_ar', a.title_ar,
                                       'title', a.title, 'description', a.description, 'file_type', a.file_type, 'size', a.size,
                                       'ext', a.file_extension, 'width', a.width, 'height', a.height,
                                       'order', a.sort_order, 'created_at', a.created_at)
                     ORDER BY a.sort_order, a.id)
       FROM attachments a
      WHERE a.post_id = p.id) AS attachments${bookmark}`;
}

/** The joins postColumns() reads from. */
export const POST_JOINS = `JOIN users u ON u.id = p.author_id
    JOIN post_types t ON t.id = p.type_id
    LEFT JOIN organizations o ON o.id = p.organization_id
    LEFT JOIN subsidiaries s ON s.id = p.subsidiary_id`;

/** A relation as postColumns() reads it (see the contract's PostRelation). */
export interface RelationJson {
  direction: 'out' | 'in';
  kind: 'amends' | 'repeals' | 'replaces' | 'implements';
  id: number;
  slug: string;
  title: string;
  title_ar: string;
  document_number: string;
  published_at: string | null;
  status: 'published' | 'draft' | 'archived';
  org_name: string | null;
  org_name_ar: string | null;
}

export interface AttachmentJson {
  id: number;
  key: string;
  thumbnail: string | null;
  title_ar: string;
  title: string | null;
  description: string;
  file_type: string;
  size: number;
  ext: string;
  width: number | null;
  height: number | null;
  order: number;
  created_at: string;
}

/** A row of postColumns(). */
export interface PostRow extends PostText {
  id: number;
  slug: string;
  language: 'ar' | 'en';
  status: 'published' | 'draft' | 'archived';
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  view_count: number;
  reading_time: number;
  attachment_count: number;
  meta_description: string;
  meta_keywords: string;
  author_id: number;
  document_number: string;
  /** YYYY-MM-DD. */
  issued_on: string | null;
  version: number;
  withdrawn_reason: string;
  withdrawn_reason_ar: string;
  withdrawn_at: Date | null;
  last_update: { version: number; updated_at: string; note: string; note_ar: string } | null;
  relations: RelationJson[] | null;
  author_username: string;
  author_first_name: string;
  author_last_name: string;
  author_user_type: 'regular' | 'staff' | 'publisher';
  author_is_verified: boolean;
  author_picture: string | null;
  type_id: number;
  type_name: string;
  type_name_ar: string;
  org_id: number | null;
  org_code: string | null;
  org_name: string | null;
  org_name_ar: string | null;
  org_is_verified: boolean | null;
  subsidiary_name: string | null;
  subsidiary_name_ar: string | null;
  categories: { id: number; slug: string; name: string; name_ar: string }[] | null;
  subcategories: { id: number; slug: string; category: string; name: string; name_ar: string }[] | null;
  hashtags: { id: number; name: string; slug: string }[] | null;
  attachments: AttachmentJson[] | null;
  /** The reader's bookmark, when the query named a reader. */
  bookmark_id: number | null;
  /** The revision of what answers show of it (migration 010), when the query read it. */
  doc_rev?: number;
}
