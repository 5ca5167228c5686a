import { normalizeArabic } from '../../../shared/arabic';
import { notFound } from '../../http/errors';
import { pageOf, paged } from '../../http/pagination';
import type { RouteMap } from '../../http/routes';
import { sendPostPage } from '../posts/list-answers';
import { refusingNul } from '../posts/nul-guard';
import {
  findDepartments,
  findOrganizationByCode,
  findOrganizationId,
  findOrganizationPage,
  findSubsidiaries,
} from './repository';

export const organizationsRoutes: RouteMap = refusingNul({
  async listOrganizations(req) {
    const page = pageOf(req.query, 20);
    const search = req.query.search === undefined ? undefined : normalizeArabic(req.query.search) || undefined;
    const { count, results } = await findOrganizationPage(
      req.server.db,
      { search, isActive: req.query.is_active, isVerified: req.query.is_verified },
      page,
    );
    return paged(req, page, count, results);
  },

  async getOrganization(req) {
    const organization = await findOrganizationByCode(req.server.db, req.params.code);
    if (!organization) throw notFound('organizationNotFound');
    return organization;
  },

  async listOrganizationPosts(req, reply) {
    const id = await findOrganizationId(req.server.db, req.params.code);
    if (id === undefined) throw notFound('organizationNotFound');
    return sendPostPage(req, reply, { status: 'published', organizationId: id }, '-published_at', pageOf(req.query, 20));
  },

  async listSubsidiaries(req) {
    const id = await findOrganizationId(req.server.db, req.params.code);
    if (id === undefined) throw notFound('organizationNotFound');
    return findSubsidiaries(req.server.db, id);
  },

  async listDepartments(req) {
    const id = await findOrganizationId(req.server.db, req.params.code);
    if (id === undefined) throw notFound('organizationNotFound');
    return findDepartments(req.server.db, id);
  },
});
