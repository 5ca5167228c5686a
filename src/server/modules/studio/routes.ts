import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, invalid, notFound } from '../../http/errors';
import { pageOf, paged } from '../../http/pagination';
import type { RouteMap } from '../../http/routes';
import { baseUrl } from '../../http/urls';
import type { AuthContext } from '../auth/context';
import { refusingNul } from '../posts/nul-guard';
import { membershipsOf, organizationsOf, roleIn } from './access';
import { addAttachment, orderAttachments, removeAttachment, updateAttachment } from './attachments';
import { listMembers, removeMember, setMember } from './members';
import {
  auditPage,
  commentOn,
  correctStudioPost,
  createStudioPost,
  deleteStudioPost,
  listStudioPosts,
  lookupPublishedPosts,
  postHistory,
  publishStudioPost,
  readStudioPost,
  requestChanges,
  scheduleStudioPost,
  setRelations,
  submitStudioPost,
  unscheduleStudioPost,
  updateStudioPost,
  withdrawStudioPost,
} from './posts';

/** The signed-in user: every workspace call requires one (the contract's bearerAuth). */
const userOf = (req: FastifyRequest): AuthContext => req.auth!;

/** Nothing of the workspace is for shared caches. */
function privately(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store');
}

/** The post as the workspace shows it after a write. */
async function answer(req: FastifyRequest, reply: FastifyReply, id: number) {
  privately(reply);
  return readStudioPost(req.server.db, userOf(req), id, baseUrl(req));
}

/** A publisher of the organization (or staff) may read its log and members; others learn nothing. */
async function requirePublisherOf(req: FastifyRequest, organizationId: number): Promise<void> {
  const [org] = await req.server.db.query('SELECT 1 FROM organizations WHERE id = $1', [organizationId]);
  const role = org ? await roleIn(req.server.db, userOf(req), organizationId) : null;
  if (!role) throw notFound('studioOrganizationNotFound');
  if (role !== 'publisher') throw new HttpError(403, 'studioPublishersOnly');
}

export const studioRoutes: RouteMap = refusingNul({
  async getStudioMe(req, reply) {
    privately(reply);
    const auth = userOf(req);
    return { is_staff: auth.isStaff, memberships: await membershipsOf(req.server.db, auth.userId) };
  },

  async listStudioPosts(req, reply) {
    const auth = userOf(req);
    const organizations = await organizationsOf(req.server.db, auth);
    if (req.query.organization !== undefined && organizations !== null && !organizations.includes(req.query.organization)) {
      throw notFound('studioOrganizationNotFound');
    }
    const page = pageOf(req.query, 20);
    const { count, results } = await listStudioPosts(
      req.server.db,
      auth,
      organizations,
      { organization: req.query.organization, stage: req.query.stage, search: req.query.search },
      page,
      baseUrl(req),
    );
    privately(reply);
    return paged(req, page, count, results);
  },

  async createStudioPost(req, reply) {
    const id = await createStudioPost(req.server.db, userOf(req), req.body);
    reply.code(201);
    return answer(req, reply, id);
  },

  async getStudioPost(req, reply) {
    return answer(req, reply, req.params.id);
  },

  async updateStudioPost(req, reply) {
    await updateStudioPost(req.server.db, userOf(req), req.params.id, req.body);
    return answer(req, reply, req.params.id);
  },

  async deleteStudioPost(req, reply) {
    await deleteStudioPost(req.server.db, userOf(req), req.params.id);
    privately(reply);
    reply.code(204);
    return null;
  },

  async submitStudioPost(req, reply) {
    await submitStudioPost(req.server.db, userOf(req), req.params.id);
    return answer(req, reply, req.params.id);
  },

  async requestStudioPostChanges(req, reply) {
    const comment = req.body.comment.trim();
    if (!comment) throw invalid({ comment: ['fieldRequired'] });
    await requestChanges(req.server.db, userOf(req), req.params.id, comment);
    return answer(req, reply, req.params.id);
  },

  async commentStudioPost(req, reply) {
    const comment = req.body.comment.trim();
    if (!comment) throw invalid({ comment: ['fieldRequired'] });
    await commentOn(req.server.db, userOf(req), req.params.id, comment);
    privately(reply);
    reply.code(201);
    return postHistory(req.server.db, userOf(req), req.params.id);
  },

  async publishStudioPost(req, reply) {
    await publishStudioPost(req.server.db, userOf(req), req.params.id);
    return answer(req, reply, req.params.id);
  },

  async scheduleStudioPost(req, reply) {
    await scheduleStudioPost(req.server.db, userOf(req), req.params.id, new Date(req.body.publish_at));
    return answer(req, reply, req.params.id);
  },

  async unscheduleStudioPost(req, reply) {
    await unscheduleStudioPost(req.server.db, userOf(req), req.params.id);
    return answer(req, reply, req.params.id);
  },

  async correctStudioPost(req, reply) {
    await correctStudioPost(req.server.db, userOf(req), req.params.id, req.body);
    return answer(req, reply, req.params.id);
  },

  async withdrawStudioPost(req, reply) {
    await withdrawStudioPost(req.server.db, userOf(req), req.params.id, req.body.reason, req.body.reason_ar);
    return answer(req, reply, req.params.id);
  },

  async getStudioPostHistory(req, reply) {
    privately(reply);
    return postHistory(req.server.db, userOf(req), req.params.id);
  },

  async setStudioPostRelations(req, reply) {
    await setRelations(req.server.db, userOf(req), req.params.id, req.body.relations);
    return answer(req, reply, req.params.id);
  },

  async uploadStudioAttachment(req, reply) {
    const body = req.body as { title_ar?: string; title?: string; description?: string };
    await addAttachment(req.server.db, req.server.config.dataDir, userOf(req), req.params.id, req.uploads?.file, body);
    reply.code(201);
    return answer(req, reply, req.params.id);
  },

  async orderStudioAttachments(req, reply) {
    await orderAttachments(req.server.db, userOf(req), req.params.id, req.body.ids);
    return answer(req, reply, req.params.id);
  },

  async updateStudioAttachment(req, reply) {
    await updateAttachment(req.server.db, userOf(req), req.params.id, req.params.attachmentId, req.body);
    return answer(req, reply, req.params.id);
  },

  async deleteStudioAttachment(req, reply) {
    await removeAttachment(req.server.db, userOf(req), req.params.id, req.params.attachmentId);
    return answer(req, reply, req.params.id);
  },

  async lookupStudioPosts(req, reply) {
    privately(reply);
    return lookupPublishedPosts(req.server.db, req.query.search, req.query.limit ?? 10);
  },

  async listStudioAudit(req, reply) {
    await requirePublisherOf(req, req.params.organizationId);
    const page = pageOf(req.query, 20);
    const { count, results } = await auditPage(req.server.db, req.params.organizationId, page);
    privately(reply);
    return paged(req, page, count, results);
  },

  async listStudioMembers(req, reply) {
    await requirePublisherOf(req, req.params.organizationId);
    privately(reply);
    return listMembers(req.server.db, req.params.organizationId);
  },

  async setStudioMember(req, reply) {
    privately(reply);
    return setMember(req.server.db, userOf(req), req.params.organizationId, req.params.userId, req.body.role);
  },

  async removeStudioMember(req, reply) {
    await removeMember(req.server.db, userOf(req), req.params.organizationId, req.params.userId);
    privately(reply);
    reply.code(204);
    return null;
  },
});
