import type { Queryable } from '../../db/db';
import type { PageRequest } from '../../http/pagination';
import type { Schemas } from '../../http/routes';
import { containsPattern, SqlParams, storable } from '../posts/sql';

type Organization = Schemas['Organization'];

const COLUMNS = `o.id, o.code, o.name, o.name_ar, o.description, o.description_ar, o.is_verified, o.is_active,
    CASE WHEN ci.id IS NULL THEN NULL ELSE json_build_object('id', ci.id, 'name', ci.name, 'name_ar', ci.name_ar) END AS city,
    o.website, o.email, o.phone,
    (SELECT count(*) FROM subsidiaries s WHERE s.organization_id = o.id AND s.is_active) AS active_subsidiary_count,
    (SELECT count(*) FROM departments d WHERE d.organization_id = o.id AND d.is_active) AS active_department_count,
    o.post_count`;

const FROM = 'organizations o LEFT JOIN cities ci ON ci.id = o.city_id';

export interface OrganizationFilter {
  /** Normalised (src/shared/arabic.ts); matches the code or either name. */
  search?: string;
  isActive?: boolean;
  isVerified?: boolean;
}

/** A page of organizations by name. */
export async function findOrganizationPage(
  db: Queryable,
  f: OrganizationFilter,
  page: PageRequest,
): Promise<{ count: number; results: Organization[] }> {
  const params = new SqlParams();
  const where: string[] = [];
  if (f.search) {
    // The same expression as the organizations_search_norm index.
    where.push(`normalize_arabic(o.code || ' ' || o.name || ' ' || o.name_ar) LIKE ${params.add(containsPattern(f.search))}`);
  }
  if (f.isActive !== undefined) where.push(`o.is_active = ${params.add(f.isActive)}`);
  if (f.isVerified !== undefined) where.push(`o.is_verified = ${params.add(f.isVerified)}`);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const countParams = [...params.values];
  const [[{ total }], results] = await Promise.all([
    db.query<{ total: number }>(`SELECT count(*) AS total FROM organizations o ${whereSql}`, countParams),
    db.query<Organization>(
      `SELECT ${COLUMNS} FROM ${FROM} ${whereSql}
        ORDER BY o.name, o.id
        LIMIT ${params.add(page.pageSize)} OFFSET ${params.add(page.offset)}`,
      params.values,
    ),
  ]);
  return { count: Number(total), results };
}

/** An organization by code, whatever its case. */
export async function findOrganizationByCode(db: Queryable, code: string): Promise<Organization | undefined> {
  if (!storable(code)) return undefined;
  const [row] = await db.query<Organization>(`SELECT ${COLUMNS} FROM ${FROM} WHERE lower(o.code) = lower($1)`, [code]);
  return row;
}

/** The id of the organization with this code, whatever its case. */
export async function findOrganizationId(db: Queryable, code: string): Promise<number | undefined> {
  if (!storable(code)) return undefined;
  const [row] = await db.query<{ id: number }>('SELECT id FROM organizations WHERE lower(code) = lower($1)', [code]);
  return row?.id;
}

/** The organization's subsidiaries by name, with their active departments counted. */
export async function findSubsidiaries(db: Queryable, organizationId: number): Promise<Schemas['Subsidiary'][]> {
  return db.query<Schemas['Subsidiary']>(
    `SELECT s.id, s.code, s.name, s.name_ar, s.description, s.description_ar, s.is_active,
            (SELECT count(*) FROM departments d WHERE d.subsidiary_id = s.id AND d.is_active) AS department_count
       FROM subsidiaries s
      WHERE s.organization_id = $1
      ORDER BY s.name, s.id`,
    [organizationId],
  );
}

/** The organization's departments by name, with the subsidiary each belongs to. */
export async function findDepartments(db: Queryable, organizationId: number): Promise<Schemas['Department'][]> {
  return db.query<Schemas['Department']>(
    `SELECT d.id, d.name, d.name_ar, d.is_active, d.subsidiary_id,
            s.name AS subsidiary_name, s.name_ar AS subsidiary_name_ar
       FROM departments d
       LEFT JOIN subsidiaries s ON s.id = d.subsidiary_id
      WHERE d.organization_id = $1
      ORDER BY d.name, d.id`,
    [organizationId],
  );
}
