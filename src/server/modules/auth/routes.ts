import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/errors';
import { limitedPerUser, type RouteMap } from '../../http/routes';
import { baseUrl } from '../../http/urls';
import { t } from '../../i18n';
import { toCurrentUser } from '../users/present';

/** The signed-in user as CurrentUser; a user gone since the token was checked is a 401. */
async function me(req: FastifyRequest, userId: number) {
  const row = await req.server.users.current(userId);
  if (!row) throw unauthorized('sessionEnded', 'token_not_valid');
  return toCurrentUser(req, row);
}

const agent = (req: FastifyRequest) => String(req.headers['user-agent'] ?? '');

export const authRoutes: RouteMap = {
  registerUser: {
    rateLimited: true,
    async handler(req, reply) {
      const { userId, tokens } = await req.server.auth.register(req.body, agent(req));
      return reply.code(201).send({ ...tokens, user: await me(req, userId) });
    },
  },

  login: {
    rateLimited: true,
    async handler(req) {
      const { userId, tokens } = await req.server.auth.login(req.body.username, req.body.password, agent(req));
      const user = await me(req, userId);
      const { id, username, email, first_name, last_name, user_type, is_verified } = user;
      return { ...tokens, id, username, email, first_name, last_name, user_type, is_verified, user };
    },
  },

  async logout(req) {
    await req.server.auth.logout(req.body.refresh);
    return { detail: t(req, 'loggedOut') };
  },

  async refreshToken(req) {
    return req.server.auth.refresh(req.body.refresh);
  },

  async verifyToken(req) {
    await req.server.auth.verifyAccess(req.body.token);
    return {};
  },

  async getCurrentUser(req) {
    return me(req, req.auth!.userId);
  },

  // Per user, 20 in 10 minutes by default (twice the sign-in limit's calls, ten times its window):
  // a picture costs image work, and nobody edits a profile that often.
  updateCurrentUser: limitedPerUser(
    { name: 'profile-update', maxTimesAuth: 2, windowTimesAuth: 10, message: 'tooManyProfileUpdates' },
    async (req) => {
      await req.server.auth.updateProfile(req.auth!.userId, req.body, req.uploads?.profile_picture);
      return me(req, req.auth!.userId);
    },
  ),

  changePassword: {
    rateLimited: true,
    async handler(req) {
      await req.server.auth.changePassword(req.auth!, req.body.old_password, req.body.new_password);
      return { detail: t(req, 'passwordChanged') };
    },
  },

  requestPasswordReset: {
    rateLimited: true,
    async handler(req) {
      await req.server.auth.requestPasswordReset(req.body.email, baseUrl(req), req.log);
      return { detail: t(req, 'resetSent') };
    },
  },

  confirmPasswordReset: {
    rateLimited: true,
    async handler(req) {
      await req.server.auth.confirmPasswordReset(req.body.token, req.body.new_password);
      return { detail: t(req, 'resetDone') };
    },
  },
};
