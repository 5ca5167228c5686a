import { pageOf, paged } from '../../http/pagination';
import type { RouteMap } from '../../http/routes';
import { sendPostPage } from '../posts/list-answers';

export const organizationsRoutes: RouteMap = {
  async listOrganizations(req) {
    const page = pageOf(req.query, 20);
    const { count, results } = await req.server.organizations.page(
      { search: req.query.search, isActive: req.query.is_active, isVerified: req.query.is_verified },
      page,
    );
    return paged(req, page, count, results);
  },

  async getOrganization(req) {
    return req.server.organizations.byCode(req.params.code);
  },

  async listOrganizationPosts(req, reply) {
    const id = await req.server.organizations.idOf(req.params.code);
    return sendPostPage(req, reply, { status: 'published', organizationId: id }, '-published_at', pageOf(req.query, 20));
  },

  async listSubsidiaries(req) {
    return req.server.organizations.subsidiaries(req.params.code);
  },

  async listDepartments(req) {
    return req.server.organizations.departments(req.params.code);
  },
};
