import type { FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';
import { pageOf, paged, type PageRequest } from '../../http/pagination';
import type { RouteMap } from '../../http/routes';
import { t } from '../../i18n';
import { hasNul, withoutNul } from '../../text/control-characters';
import { toInterest, toPublicUser } from './present';
import * as repo from './repository';
import * as service from './service';
import { setTopicFollow, topicFollowsOf } from './topics';

const PAGE_SIZE = 20;
/** Shorter searches match too much to be useful, as for hashtag suggestions. */
const MIN_SEARCH = 2;
/** Usernames are at most this long (the contract's RegisterRequest). */
const USERNAME_MAX = 150;

const viewerOf = (req: FastifyRequest) => req.auth?.userId ?? null;
const windowOf = (p: PageRequest) => ({ limit: p.pageSize, offset: p.offset });

export const usersRoutes: RouteMap = {
  async listUsers(req) {
    const p = pageOf(req.query, PAGE_SIZE);
    const search = withoutNul(req.query.search ?? '').trim() || undefined;
    const { count, rows } = await repo.listUsers(req.server.db, { search, isVerified: req.query.is_verified }, viewerOf(req), windowOf(p));
    return paged(req, p, count, rows.map((u) => toPublicUser(req, u)));
  },

  async getUser(req) {
    const user = await repo.publicUser(req.server.db, req.params.id, viewerOf(req));
    if (!user) throw notFound('userNotFound');
    return toPublicUser(req, user);
  },

  async getProfile(req) {
    const { username } = req.params;
    // No username is longer than 150 characters (or holds a NUL): such a name is simply not found.
    const possible = username.length <= USERNAME_MAX && !hasNul(username);
    const user = possible ? await repo.publicUserByUsername(req.server.db, username, viewerOf(req)) : null;
    if (!user) throw notFound('userNotFound');
    return toPublicUser(req, user);
  },

  async searchUsers(req) {
    const q = withoutNul(req.query.q ?? '').trim();
    if ([...q].length < MIN_SEARCH) return { count: 0, next: null, previous: null, results: [] };
    const p = pageOf(req.query, PAGE_SIZE);
    const { count, rows } = await repo.searchUsers(req.server.db, q, viewerOf(req), windowOf(p));
    return paged(req, p, count, rows.map((u) => toPublicUser(req, u)));
  },

  async listInterests(req) {
    return (await repo.listInterests(req.server.db, req.auth!.userId)).map(toInterest);
  },

  async addInterest(req, reply) {
    const { interest, created } = await service.addInterest(req.server.db, req.auth!.userId, req.body.name);
    return reply.code(created ? 201 : 200).send(toInterest(interest));
  },

  async deleteInterest(req, reply) {
    if (!(await repo.deleteInterest(req.server.db, req.auth!.userId, req.params.id))) throw notFound();
    return reply.code(204).send();
  },

  async listTopicFollows(req, reply) {
    reply.header('cache-control', 'private, no-cache');
    return topicFollowsOf(req.server.db, req.auth!.userId);
  },

  async followTopic(req) {
    return setTopicFollow(req.server.db, req.auth!.userId, req.params.kind, req.params.id, true);
  },

  async unfollowTopic(req) {
    return setTopicFollow(req.server.db, req.auth!.userId, req.params.kind, req.params.id, false);
  },

  async toggleFollow(req) {
    const { following, followersCount } = await service.toggleFollow(req.server.db, req.auth!, req.params.id);
    return { following, followers_count: followersCount, detail: t(req, following ? 'followed' : 'unfollowed') };
  },

  async listFollowers(req) {
    const p = pageOf(req.query, PAGE_SIZE);
    const { count, rows } = await service.followsOf(req.server.db, req.params.id, 'followers', viewerOf(req), windowOf(p));
    return paged(req, p, count, rows.map((u) => toPublicUser(req, u)));
  },

  async listFollowing(req) {
    const p = pageOf(req.query, PAGE_SIZE);
    const { count, rows } = await service.followsOf(req.server.db, req.params.id, 'following', viewerOf(req), windowOf(p));
    return paged(req, p, count, rows.map((u) => toPublicUser(req, u)));
  },

  async verifyUser(req) {
    return toPublicUser(req, await service.verifyUser(req.server.db, req.auth!, req.params.id));
  },
};
