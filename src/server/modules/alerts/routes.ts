import { HttpError } from '../../http/errors';
import { pageOf, paged } from '../../http/pagination';
import type { RouteMap } from '../../http/routes';
import { baseUrl } from '../../http/urls';
import { translate, languageOf } from '../../i18n';
import { mailerFor } from '../auth/mailer';
import { refusingNul } from '../posts/nul-guard';
import { confirmationMail } from './alert-mail';
import { undeliveredAlerts } from './deliver';
import {
  changeSubscription,
  confirmSubscription,
  deleteSubscription,
  listSubscriptions,
  listUndelivered,
  ownerOf,
  presentSubscription,
  subscribe,
  unsubscribe,
} from './subscriptions';

export const alertsRoutes: RouteMap = refusingNul({
  async listAlertSubscriptions(req, reply) {
    reply.header('cache-control', 'private, no-cache');
    return listSubscriptions(req.server.db, await ownerOf(req.server.db, req.auth ?? null, req.query.token));
  },

  // Counted like sign-in attempts per address: a visitor's subscribing sends an e-mail.
  createAlertSubscription: {
    rateLimited: true,
    async handler(req, reply) {
      const origin = baseUrl(req);
      const result = await subscribe(req.server.db, req.auth ?? null, req.body, origin);
      if (result.kind === 'subscribed') return reply.code(201).send(result.subscription);
      // A new or unconfirmed alert gets its link; a confirmed one is not changed, and nothing is said of it.
      if (result.confirmToken) {
        const { row } = result;
        const { title } = await presentSubscription(req.server.db, row);
        const url = `${origin}/alerts/confirm?token=${encodeURIComponent(result.confirmToken)}`;
        const mail = confirmationMail(result.email, row.lang, title, row.frequency, url);
        Promise.resolve()
          .then(() => mailerFor(req.server.config, req.server.log).send(mail, req.log))
          .catch((err) => req.log.error({ err, to: result.email }, 'the alert confirmation mail could not be sent'));
      }
      return reply.code(202).send({ detail: translate(languageOf(req.headers['accept-language']), 'alertConfirmSent') });
    },
  },

  async updateAlertSubscription(req) {
    const owner = await ownerOf(req.server.db, req.auth ?? null, req.query.token);
    return changeSubscription(req.server.db, owner, req.params.id, req.body);
  },

  async deleteAlertSubscription(req, reply) {
    const owner = await ownerOf(req.server.db, req.auth ?? null, req.query.token);
    await deleteSubscription(req.server.db, owner, req.params.id);
    return reply.code(204).send();
  },

  async confirmAlertSubscription(req) {
    return confirmSubscription(req.server.db, req.body.token);
  },

  // Staff see which addresses their alerts cannot reach (the counts are in /metrics too).
  async listUndeliveredAlerts(req, reply) {
    if (!req.auth!.isStaff) throw new HttpError(403, 'alertsStaffOnly');
    const page = pageOf(req.query, 20);
    const [{ count, results }, counts] = await Promise.all([listUndelivered(req.server.db, page), undeliveredAlerts(req.server.db)]);
    reply.header('cache-control', 'private, no-store');
    return { ...paged(req, page, count, results), ...counts };
  },

  async unsubscribeAlert(req) {
    await unsubscribe(req.server.db, req.params.token);
    return { detail: translate(languageOf(req.headers['accept-language']), 'alertUnsubscribed') };
  },
});
