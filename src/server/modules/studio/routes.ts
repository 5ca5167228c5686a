import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageOf, paged } from '../../http/pagination';
import type { RouteMap } from '../../http/routes';
import { baseUrl } from '../../http/urls';
import type { AuthContext } from '../auth/context';

/** The signed-in user: every workspace call requires one (the contract's bearerAuth). */
const userOf = (req: FastifyRequest): AuthContext => req.auth!;

/** Nothing of the workspace is for shared caches. */
function privately(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store');
}

/** The post as the workspace shows it after a write. */
async function answer(req: FastifyRequest, reply: FastifyReply, id: number) {
  privately(reply);
  return req.server.studio.read(userOf(req), id, baseUrl(req));
}

/** The workspace's calls: HTTP here (headers, codes, pages), the work in `app.studio` (service.ts). */
export const studioRoutes: RouteMap = {
  async getStudioMe(req, reply) {
    privately(reply);
    return req.server.studio.me(userOf(req));
  },

  async listStudioPosts(req, reply) {
    const page = pageOf(req.query, 20);
    const { count, results } = await req.server.studio.listPosts(
      userOf(req),
      { organization: req.query.organization, stage: req.query.stage, search: req.query.search },
      page,
      baseUrl(req),
    );
    privately(reply);
    return paged(req, page, count, results);
  },

  async createStudioPost(req, reply) {
    const id = await req.server.studio.create(userOf(req), req.body);
    reply.code(201);
    return answer(req, reply, id);
  },

  async getStudioPost(req, reply) {
    return answer(req, reply, req.params.id);
  },

  async updateStudioPost(req, reply) {
    await req.server.studio.update(userOf(req), req.params.id, req.body);
    return answer(req, reply, req.params.id);
  },

  async deleteStudioPost(req, reply) {
    await req.server.studio.delete(userOf(req), req.params.id);
    privately(reply);
    reply.code(204);
    return null;
  },

  async submitStudioPost(req, reply) {
    await req.server.studio.submit(userOf(req), req.params.id);
    return answer(req, reply, req.params.id);
  },

  async requestStudioPostChanges(req, reply) {
    await req.server.studio.requestChanges(userOf(req), req.params.id, req.body.comment);
    return answer(req, reply, req.params.id);
  },

  async commentStudioPost(req, reply) {
    const history = await req.server.studio.comment(userOf(req), req.params.id, req.body.comment);
    privately(reply);
    reply.code(201);
    return history;
  },

  async publishStudioPost(req, reply) {
    await req.server.studio.publish(userOf(req), req.params.id);
    return answer(req, reply, req.params.id);
  },

  async scheduleStudioPost(req, reply) {
    await req.server.studio.schedule(userOf(req), req.params.id, new Date(req.body.publish_at));
    return answer(req, reply, req.params.id);
  },

  async unscheduleStudioPost(req, reply) {
    await req.server.studio.unschedule(userOf(req), req.params.id);
    return answer(req, reply, req.params.id);
  },

  async correctStudioPost(req, reply) {
    await req.server.studio.correct(userOf(req), req.params.id, req.body);
    return answer(req, reply, req.params.id);
  },

  async withdrawStudioPost(req, reply) {
    await req.server.studio.withdraw(userOf(req), req.params.id, req.body.reason, req.body.reason_ar);
    return answer(req, reply, req.params.id);
  },

  async getStudioPostHistory(req, reply) {
    privately(reply);
    return req.server.studio.history(userOf(req), req.params.id);
  },

  async setStudioPostRelations(req, reply) {
    await req.server.studio.setRelations(userOf(req), req.params.id, req.body.relations);
    return answer(req, reply, req.params.id);
  },

  async uploadStudioAttachment(req, reply) {
    const body = req.body as { title_ar?: string; title?: string; description?: string };
    await req.server.studio.addAttachment(userOf(req), req.params.id, req.uploads?.file, body);
    reply.code(201);
    return answer(req, reply, req.params.id);
  },

  async orderStudioAttachments(req, reply) {
    await req.server.studio.orderAttachments(userOf(req), req.params.id, req.body.ids);
    return answer(req, reply, req.params.id);
  },

  async updateStudioAttachment(req, reply) {
    await req.server.studio.updateAttachment(userOf(req), req.params.id, req.params.attachmentId, req.body);
    return answer(req, reply, req.params.id);
  },

  async deleteStudioAttachment(req, reply) {
    await req.server.studio.removeAttachment(userOf(req), req.params.id, req.params.attachmentId);
    return answer(req, reply, req.params.id);
  },

  async lookupStudioPosts(req, reply) {
    privately(reply);
    return req.server.studio.lookup(req.query.search, req.query.limit ?? 10);
  },

  async listStudioAudit(req, reply) {
    const page = pageOf(req.query, 20);
    const { count, results } = await req.server.studio.auditPage(userOf(req), req.params.organizationId, page);
    privately(reply);
    return paged(req, page, count, results);
  },

  async listStudioMembers(req, reply) {
    const members = await req.server.studio.members(userOf(req), req.params.organizationId);
    privately(reply);
    return members;
  },

  async setStudioMember(req, reply) {
    privately(reply);
    return req.server.studio.setMember(userOf(req), req.params.organizationId, req.params.userId, req.body.role);
  },

  async removeStudioMember(req, reply) {
    await req.server.studio.removeMember(userOf(req), req.params.organizationId, req.params.userId);
    privately(reply);
    reply.code(204);
    return null;
  },
};
