import type { FastifyRequest } from 'fastify';
import { BoundedCache } from '../../cache/bounded-cache';
import type { Schemas } from '../../http/routes';
import { baseUrl, mediaUrlAt } from '../../http/urls';
import { renditionsOf } from '../media/renditions';
import type { AttachmentJson, PostRow, RelationJson } from './post-sql';
import type { ReadPost } from './cached-reads';
import { postRowBytes } from './post-cache';

type Post = Schemas['Post'];
type Attachment = Schemas['Attachment'];

const UNITS = ['KB', 'MB', 'GB', 'TB'];

/** A size for people: "512 B", "240.5 KB", "1.2 MB". */
export function fileSizeDisplay(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  // Compare the rounded figure, so that 1,048,575 bytes reads "1.0 MB" rather than "1024.0 KB".
  while (Math.round(value * 10) / 10 >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function presentAttachment(base: string, a: AttachmentJson): Attachment {
  return {
    id: a.id,
    file: a.key,
    // The attachment route serves the file under its own title, which downloads keep: the
    // Arabic one, which every file has, so that its address is the same in both languages.
    file_url: `${base}/media/attachments/${a.id}/${encodeURIComponent(a.title_ar)}.${a.ext}`,
    thumbnail_url: mediaUrlAt(base, a.thumbnail),
    renditions: renditionsOf(base, { id: a.id, file_type: a.file_type, width: a.width, height: a.height }),
    title: a.title,
    title_ar: a.title_ar,
    description: a.description,
    file_type: a.file_type,
    size: a.size,
    file_size_display: fileSizeDisplay(a.size),
    file_extension: a.ext,
    order: a.order,
    created_at: iso(a.created_at)!,
    width: a.width,
    height: a.height,
  };
}

// The Umm al-Qura calendar (Saudi Arabia's official one), in digits a date field can hold.
const HIJRI = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });

/** A Gregorian date (YYYY-MM-DD) in the Umm al-Qura calendar, as YYYY-MM-DD; null for none. */
export function hijriOf(date: string | null): string | null {
  if (!date) return null;
  const parts = HIJRI.formatToParts(new Date(`${date}T00:00:00Z`));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** What the posts related to one make of it: repealed (or replaced), amended, or in force. */
export function inForceOf(relations: RelationJson[]): Schemas['InForce'] {
  const inward = relations.filter((r) => r.direction === 'in');
  if (inward.some((r) => r.kind === 'repeals' || r.kind === 'replaces')) return 'repealed';
  if (inward.some((r) => r.kind === 'amends')) return 'amended';
  return 'in_force';
}

function presentRelation(r: RelationJson): Schemas['PostRelation'] {
  return {
    kind: r.kind,
    direction: r.direction,
    post: {
      id: r.id,
      slug: r.slug,
      title: r.title,
      title_ar: r.title_ar,
      document_number: r.document_number,
      published_at: iso(r.published_at),
      status: r.status,
      organization_name: r.org_name,
      organization_name_ar: r.org_name_ar,
    },
  };
}

/** A post row as the contract's Post, with absolute URLs for the reader's origin. */
export function presentPost(req: FastifyRequest, row: PostRow): Post {
  return presentPostAt(baseUrl(req), row);
}

/** A post row as the contract's Post, its URLs at `base`. */
export function presentPostAt(base: string, row: PostRow): Post {
  const attachments = (row.attachments ?? []).map((a) => presentAttachment(base, a));
  const categories = row.categories ?? [];
  const relations = row.relations ?? [];
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    title_ar: row.title_ar,
    summary: row.summary,
    summary_ar: row.summary_ar,
    content: row.content,
    content_ar: row.content_ar,
    language: row.language,
    status: row.status,
    author: {
      id: row.author_id,
      username: row.author_username,
      first_name: row.author_first_name,
      last_name: row.author_last_name,
      user_type: row.author_user_type,
      is_verified: row.author_is_verified,
      profile_picture: mediaUrlAt(base, row.author_picture),
    },
    published_at: iso(row.published_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    type: { id: row.type_id, name: row.type_name as Schemas['PostTypeName'], name_ar: row.type_name_ar },
    categories: categories.map((c) => c.id),
    categories_data: categories,
    subcategories: row.subcategories ?? [],
    hashtags: row.hashtags ?? [],
    organization:
      row.org_id === null
        ? null
        : { id: row.org_id, code: row.org_code!, name: row.org_name!, name_ar: row.org_name_ar!, is_verified: row.org_is_verified! },
    organization_name: row.org_name,
    organization_name_ar: row.org_name_ar,
    subsidiary_name: row.subsidiary_name,
    subsidiary_name_ar: row.subsidiary_name_ar,
    attachments,
    attachment_count: row.attachment_count,
    images: attachments.filter((a) => a.file_type.startsWith('image/')).map((a) => a.file_url),
    files: attachments.filter((a) => !a.file_type.startsWith('image/')).map((a) => a.file_url),
    view_count: row.view_count,
    reading_time: row.reading_time,
    meta_description: row.meta_description,
    meta_keywords: row.meta_keywords,
    // Rows read without a reader have no bookmark column.
    is_bookmarked: row.bookmark_id != null,
    bookmark_id: row.bookmark_id ?? null,
    document_number: row.document_number,
    issued_on: row.issued_on,
    issued_on_hijri: hijriOf(row.issued_on),
    version: row.version,
    last_update: row.last_update && { ...row.last_update, updated_at: iso(row.last_update.updated_at)! },
    in_force: inForceOf(relations),
    relations: relations.map(presentRelation),
    withdrawal:
      row.status === 'archived' && row.withdrawn_at
        ? { reason: row.withdrawn_reason, reason_ar: row.withdrawn_reason_ar, withdrawn_at: iso(row.withdrawn_at)! }
        : null,
  };
}

/** How many presented posts are kept (as many as post rows: see post-cache.ts), and their bytes. */
const MAX_PRESENTED = 2000;
const PRESENTED_BYTES = 48 * 1024 * 1024;

/**
 * The presented form of rows kept in memory, for the origin each was made for: the same post is
 * then not built again for every request that lists it. A presented post is used only for the very
 * row it was made from, which the post cache replaces at every new content version.
 */
export class PresentedPosts {
  private readonly kept = new BoundedCache<number, { row: PostRow; base: string; post: Post }>({
    maxBytes: PRESENTED_BYTES,
    maxEntries: MAX_PRESENTED,
    // About the row's size again: the same text, as the contract shows it.
    sizeOf: (kept) => postRowBytes(kept.row),
  });

  /** A post read for this request (see ReadPost): the shared part presented once, the fresh part added. */
  of(req: FastifyRequest, { row, key }: ReadPost): Post {
    const base = baseUrl(req);
    let kept = this.kept.get(row.id);
    if (!kept || kept.row !== row || kept.base !== base) {
      kept = { row, base, post: presentPost(req, row) };
      this.kept.set(row.id, kept);
    }
    return { ...kept.post, view_count: key.view_count, is_bookmarked: key.bookmark_id !== null, bookmark_id: key.bookmark_id };
  }

  clear(): void {
    this.kept.clear();
  }
}
