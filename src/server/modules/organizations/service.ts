import { normalizeArabic } from '../../../shared/arabic';
import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import type { PageRequest } from '../../http/pagination';
import type { Schemas } from '../../http/routes';
import {
  findDepartments,
  findOrganizationByCode,
  findOrganizationId,
  findOrganizationPage,
  findSubsidiaries,
} from './repository';

export interface OrganizationQuery {
  /** As the reader typed it: normalised here (src/shared/arabic.ts). */
  search?: string;
  isActive?: boolean;
  isVerified?: boolean;
}

/** Organizations, their subsidiaries and departments. */
export class OrganizationsService {
  constructor(private readonly db: Queryable) {}

  page(q: OrganizationQuery, page: PageRequest): Promise<{ count: number; results: Schemas['Organization'][] }> {
    const search = q.search === undefined ? undefined : normalizeArabic(q.search) || undefined;
    return findOrganizationPage(this.db, { search, isActive: q.isActive, isVerified: q.isVerified }, page);
  }

  async byCode(code: string): Promise<Schemas['Organization']> {
    const organization = await findOrganizationByCode(this.db, code);
    if (!organization) throw notFound('organizationNotFound');
    return organization;
  }

  /** The id of the organization with this code (any case); a 404 when there is none. */
  async idOf(code: string): Promise<number> {
    const id = await findOrganizationId(this.db, code);
    if (id === undefined) throw notFound('organizationNotFound');
    return id;
  }

  async subsidiaries(code: string): Promise<Schemas['Subsidiary'][]> {
    return findSubsidiaries(this.db, await this.idOf(code));
  }

  async departments(code: string): Promise<Schemas['Department'][]> {
    return findDepartments(this.db, await this.idOf(code));
  }
}
