import type { Db, Queryable } from '../../db/db';
import { HttpError, notFound } from '../../http/errors';
import type { Schemas } from '../../http/routes';
import type { AuthContext } from '../auth/context';
import type { Role } from './access';
import { recordAudit } from './audit';

type Member = Schemas['Member'];

interface MemberRow {
  role: Role;
  created_at: Date;
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  user_type: 'regular' | 'staff' | 'publisher';
  is_verified: boolean;
}

const present = (r: MemberRow): Member => ({
  role: r.role,
  created_at: new Date(r.created_at).toISOString(),
  user: { id: r.id, username: r.username, first_name: r.first_name, last_name: r.last_name, user_type: r.user_type, is_verified: r.is_verified, profile_picture: null },
});

const MEMBER = `SELECT m.role, m.created_at, u.id, u.username, u.first_name, u.last_name, u.user_type, u.is_verified
  FROM organization_members m JOIN users u ON u.id = m.user_id`;

export async function listMembers(db: Queryable, organizationId: number): Promise<Member[]> {
  const rows = await db.query<MemberRow>(`${MEMBER} WHERE m.organization_id = $1 ORDER BY m.role DESC, u.username`, [organizationId]);
  return rows.map(present);
}

function requireStaff(auth: AuthContext): void {
  if (!auth.isStaff) throw new HttpError(403, 'studioStaffOnly');
}

async function requireOrganization(db: Queryable, organizationId: number): Promise<void> {
  const [org] = await db.query('SELECT 1 FROM organizations WHERE id = $1', [organizationId]);
  if (!org) throw notFound('studioOrganizationNotFound');
}

/** Gives a user a role in an organization (staff only), recorded in the organization's log. */
export async function setMember(db: Db, auth: AuthContext, organizationId: number, userId: number, role: Role): Promise<Member> {
  requireStaff(auth);
  await requireOrganization(db, organizationId);
  return db.transaction(async (tx) => {
    const [user] = await tx.query('SELECT 1 FROM users WHERE id = $1 AND is_active', [userId]);
    if (!user) throw notFound('userNotFound');
    await tx.query(
      `INSERT INTO organization_members (organization_id, user_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
      [organizationId, userId, role],
    );
    await recordAudit(tx, { organizationId, postId: null, userId: auth.userId, action: 'member_set', details: { user_id: userId, role } });
    const [row] = await tx.query<MemberRow>(`${MEMBER} WHERE m.organization_id = $1 AND m.user_id = $2`, [organizationId, userId]);
    return present(row);
  });
}

export async function removeMember(db: Db, auth: AuthContext, organizationId: number, userId: number): Promise<void> {
  requireStaff(auth);
  await requireOrganization(db, organizationId);
  await db.transaction(async (tx) => {
    const gone = await tx.query('DELETE FROM organization_members WHERE organization_id = $1 AND user_id = $2 RETURNING user_id', [organizationId, userId]);
    if (!gone.length) throw notFound('userNotFound');
    await recordAudit(tx, { organizationId, postId: null, userId: auth.userId, action: 'member_removed', details: { user_id: userId } });
  });
}
