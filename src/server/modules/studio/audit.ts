/**
 * The audit log: every write of the workspace records who did what, when, to which post and
 * from which published version (written in the write's own transaction), and how the log reads
 * back (a post's history, an organization's log).
 */
import type { Queryable } from '../../db/db';
import type { Schemas } from '../../http/routes';
import { iso } from './presentation';

export interface AuditNote {
  version?: number | null;
  comment?: string | null;
  details?: object;
}

export async function recordAudit(
  db: Queryable,
  entry: { organizationId: number | null; postId: number | null; userId: number | null; action: Schemas['AuditAction'] } & AuditNote,
): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (organization_id, post_id, user_id, action, version, comment, details) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [entry.organizationId, entry.postId, entry.userId, entry.action, entry.version ?? null, entry.comment ?? null, JSON.stringify(entry.details ?? {})],
  );
}

interface AuditRow {
  id: number;
  action: Schemas['AuditAction'];
  created_at: Date;
  version: number | null;
  comment: string | null;
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  user_type: 'regular' | 'staff' | 'publisher' | null;
  is_verified: boolean | null;
  post_id: number | null;
  slug: string | null;
  title: string | null;
  title_ar: string | null;
  document_number: string | null;
  published_at: Date | null;
  status: 'published' | 'draft' | 'archived' | null;
  org_name: string | null;
  org_name_ar: string | null;
}

const AUDIT_SELECT = `SELECT a.id, a.action, a.created_at, a.version, a.comment,
       u.id AS user_id, u.username, u.first_name, u.last_name, u.user_type, u.is_verified,
       p.id AS post_id, p.slug, p.title, p.title_ar, p.document_number, p.published_at, p.status, o.name AS org_name, o.name_ar AS org_name_ar
  FROM audit_log a
  LEFT JOIN users u ON u.id = a.user_id
  LEFT JOIN posts p ON p.id = a.post_id
  LEFT JOIN organizations o ON o.id = p.organization_id`;

function presentAudit(r: AuditRow): Schemas['AuditEntry'] {
  return {
    id: Number(r.id),
    action: r.action,
    at: iso(r.created_at)!,
    user:
      r.user_id === null
        ? null
        : { id: r.user_id, username: r.username!, first_name: r.first_name!, last_name: r.last_name!, user_type: r.user_type!, is_verified: r.is_verified!, profile_picture: null },
    post:
      r.post_id === null
        ? null
        : {
            id: r.post_id,
            slug: r.slug!,
            title: r.title!,
            title_ar: r.title_ar!,
            document_number: r.document_number!,
            published_at: iso(r.published_at),
            status: r.status!,
            organization_name: r.org_name,
            organization_name_ar: r.org_name_ar,
          },
    version: r.version,
    comment: r.comment,
  };
}

/** A post's log, newest first (its last 500 entries). */
export async function postEvents(db: Queryable, id: number): Promise<Schemas['AuditEntry'][]> {
  const events = await db.query<AuditRow>(`${AUDIT_SELECT} WHERE a.post_id = $1 ORDER BY a.id DESC LIMIT 500`, [id]);
  return events.map(presentAudit);
}

/** A page of an organization's log, newest first. */
export async function auditPage(db: Queryable, organizationId: number, page: { pageSize: number; offset: number }): Promise<{ count: number; results: Schemas['AuditEntry'][] }> {
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE organization_id = $1', [organizationId]);
  const rows = await db.query<AuditRow>(`${AUDIT_SELECT} WHERE a.organization_id = $1 ORDER BY a.id DESC LIMIT $2 OFFSET $3`, [
    organizationId,
    page.pageSize,
    page.offset,
  ]);
  return { count: n, results: rows.map(presentAudit) };
}
