import type { Queryable } from '../../db/db';
import { HttpError, notFound } from '../../http/errors';
import type { Schemas } from '../../http/routes';
import type { AuthContext } from '../auth/context';

export type Role = Schemas['MemberRole'];

/** The user's role in an organization: staff act as every organization's publishers; null for none. */
export async function roleIn(db: Queryable, auth: AuthContext, organizationId: number | null): Promise<Role | null> {
  if (auth.isStaff) return 'publisher';
  if (organizationId === null) return null;
  const [row] = await db.query<{ role: Role }>('SELECT role FROM organization_members WHERE organization_id = $1 AND user_id = $2', [
    organizationId,
    auth.userId,
  ]);
  return row?.role ?? null;
}

/** The user's role in each of `organizationIds` (those it has one in), in one read. */
export async function rolesIn(db: Queryable, auth: AuthContext, organizationIds: number[]): Promise<Map<number, Role>> {
  if (auth.isStaff) return new Map(organizationIds.map((id) => [id, 'publisher']));
  const rows = await db.query<{ organization_id: number; role: Role }>(
    'SELECT organization_id, role FROM organization_members WHERE user_id = $1 AND organization_id = ANY($2::int[])',
    [auth.userId, [...new Set(organizationIds)]],
  );
  return new Map(rows.map((r) => [r.organization_id, r.role]));
}

/**
 * The role needed for an organization's posts: nobody outside it learns what it writes (404,
 * as for a post that does not exist); a member without the role is refused (403).
 */
export async function requireRole(db: Queryable, auth: AuthContext, organizationId: number | null, needed: Role): Promise<Role> {
  const role = await roleIn(db, auth, organizationId);
  if (role === null) throw notFound('studioPostNotFound');
  if (needed === 'publisher' && role !== 'publisher') throw new HttpError(403, 'studioPublishersOnly');
  return role;
}

export async function organizationExists(db: Queryable, organizationId: number): Promise<boolean> {
  const [org] = await db.query('SELECT 1 FROM organizations WHERE id = $1', [organizationId]);
  return org !== undefined;
}

/** The organizations a user writes for (staff: the ones they are members of; they act for all). */
export async function membershipsOf(db: Queryable, userId: number): Promise<Schemas['Membership'][]> {
  const rows = await db.query<{ role: Role; id: number; code: string; name: string; name_ar: string; is_verified: boolean }>(
    `SELECT m.role, o.id, o.code, o.name, o.name_ar, o.is_verified
       FROM organization_members m JOIN organizations o ON o.id = m.organization_id
      WHERE m.user_id = $1
      ORDER BY o.name_ar, o.id`,
    [userId],
  );
  return rows.map(({ role, ...organization }) => ({ role, organization }));
}

/** The ids of the organizations whose posts a user may see in the workspace; null for all (staff). */
export async function organizationsOf(db: Queryable, auth: AuthContext): Promise<number[] | null> {
  if (auth.isStaff) return null;
  const rows = await db.query<{ id: number }>('SELECT organization_id AS id FROM organization_members WHERE user_id = $1', [auth.userId]);
  return rows.map((r) => r.id);
}
