import type { FastifyRequest } from 'fastify';
import { pageOf, paged, type PageRequest } from '../../http/pagination';
import type { RouteMap } from '../../http/routes';
import { t } from '../../i18n';
import { toInterest, toPublicUser } from './present';

const PAGE_SIZE = 20;

const viewerOf = (req: FastifyRequest) => req.auth?.userId ?? null;
const windowOf = (p: PageRequest) => ({ limit: p.pageSize, offset: p.offset });

export const usersRoutes: RouteMap = {
  async listUsers(req) {
    const p = pageOf(req.query, PAGE_SIZE);
    const { count, rows } = await req.server.users.list(req.query.search, req.query.is_verified, viewerOf(req), windowOf(p));
    return paged(req, p, count, rows.map((u) => toPublicUser(req, u)));
  },

  async getUser(req) {
    return toPublicUser(req, await req.server.users.byId(req.params.id, viewerOf(req)));
  },

  async getProfile(req) {
    return toPublicUser(req, await req.server.users.byUsername(req.params.username, viewerOf(req)));
  },

  async searchUsers(req) {
    const text = req.server.users.searchText(req.query.q);
    if (text === null) return { count: 0, next: null, previous: null, results: [] };
    const p = pageOf(req.query, PAGE_SIZE);
    const { count, rows } = await req.server.users.search(text, viewerOf(req), windowOf(p));
    return paged(req, p, count, rows.map((u) => toPublicUser(req, u)));
  },

  async listInterests(req) {
    return (await req.server.users.interests(req.auth!.userId)).map(toInterest);
  },

  async addInterest(req, reply) {
    const { interest, created } = await req.server.users.addInterest(req.auth!.userId, req.body.name);
    return reply.code(created ? 201 : 200).send(toInterest(interest));
  },

  async deleteInterest(req, reply) {
    await req.server.users.deleteInterest(req.auth!.userId, req.params.id);
    return reply.code(204).send();
  },

  async listTopicFollows(req, reply) {
    reply.header('cache-control', 'private, no-cache');
    return req.server.users.topicFollows(req.auth!.userId);
  },

  async followTopic(req) {
    return req.server.users.followTopic(req.auth!.userId, req.params.kind, req.params.id, true);
  },

  async unfollowTopic(req) {
    return req.server.users.followTopic(req.auth!.userId, req.params.kind, req.params.id, false);
  },

  async toggleFollow(req) {
    const { following, followersCount } = await req.server.users.toggleFollow(req.auth!, req.params.id);
    return { following, followers_count: followersCount, detail: t(req, following ? 'followed' : 'unfollowed') };
  },

  async listFollowers(req) {
    const p = pageOf(req.query, PAGE_SIZE);
    const { count, rows } = await req.server.users.follows(req.params.id, 'followers', viewerOf(req), windowOf(p));
    return paged(req, p, count, rows.map((u) => toPublicUser(req, u)));
  },

  async listFollowing(req) {
    const p = pageOf(req.query, PAGE_SIZE);
    const { count, rows } = await req.server.users.follows(req.params.id, 'following', viewerOf(req), windowOf(p));
    return paged(req, p, count, rows.map((u) => toPublicUser(req, u)));
  },

  async verifyUser(req) {
    return toPublicUser(req, await req.server.users.verify(req.auth!, req.params.id));
  },
};
