import { pageOf, paged } from '../../http/pagination';
import type { RouteMap } from '../../http/routes';
import { baseUrl } from '../../http/urls';
import { t } from '../../i18n';

export const alertsRoutes: RouteMap = {
  async listAlertSubscriptions(req, reply) {
    reply.header('cache-control', 'private, no-cache');
    return req.server.alerts.list(req.auth ?? null, req.query.token);
  },

  // Counted like sign-in attempts per address: a visitor's subscribing sends an e-mail.
  createAlertSubscription: {
    rateLimited: true,
    async handler(req, reply) {
      const subscription = await req.server.alerts.subscribe(req.auth ?? null, req.body, baseUrl(req), req.log);
      if (subscription) return reply.code(201).send(subscription);
      return reply.code(202).send({ detail: t(req, 'alertConfirmSent') });
    },
  },

  async updateAlertSubscription(req) {
    return req.server.alerts.change(req.auth ?? null, req.query.token, req.params.id, req.body);
  },

  async deleteAlertSubscription(req, reply) {
    await req.server.alerts.delete(req.auth ?? null, req.query.token, req.params.id);
    return reply.code(204).send();
  },

  async confirmAlertSubscription(req) {
    return req.server.alerts.confirm(req.body.token);
  },

  // Staff see which addresses their alerts cannot reach (the counts are in /metrics too).
  async listUndeliveredAlerts(req, reply) {
    const page = pageOf(req.query, 20);
    const { count, results, counts } = await req.server.alerts.undelivered(req.auth!, page);
    reply.header('cache-control', 'private, no-store');
    return { ...paged(req, page, count, results), ...counts };
  },

  async unsubscribeAlert(req) {
    await req.server.alerts.unsubscribe(req.params.token);
    return { detail: t(req, 'alertUnsubscribed') };
  },
};
