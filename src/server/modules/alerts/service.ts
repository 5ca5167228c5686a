import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import { HttpError } from '../../http/errors';
import type { Schemas } from '../../http/routes';
import type { AuthContext } from '../auth/context';
import type { Mailer } from '../auth/mailer';
import { confirmationMail } from './alert-mail';
import { DeliveryLedger, runAlerts, undeliveredAlerts, type AlertSendStats } from './deliver';
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
  type AlertSubscription,
  type NewAlert,
} from './subscriptions';

type Changes = Parameters<typeof changeSubscription>[3];

/**
 * E-mail alerts: readers' subscriptions (subscriptions.ts) and their delivery (deliver.ts), with
 * the app's mailer and this process's ledger of sends (for /metrics).
 */
export class AlertsService {
  readonly ledger = new DeliveryLedger();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
  ) {}

  /** This process's sends since it started. */
  get stats(): AlertSendStats {
    return this.ledger.stats;
  }

  /** The alerts of a signed-in reader, or of the address a manage token names. */
  async list(auth: AuthContext | null, token: string | undefined): Promise<AlertSubscription[]> {
    return listSubscriptions(this.db, await ownerOf(this.db, auth, token));
  }

  /**
   * Subscribes: a signed-in reader's alert at once (answered), a visitor's after the link mailed
   * to the address (null: the answer says only that a link was sent). A new or unconfirmed alert
   * gets its link; a confirmed one is not changed, and nothing is said of it. The mail is not
   * awaited: a slow mail server must neither delay the answer nor fail it.
   */
  async subscribe(auth: AuthContext | null, input: NewAlert, origin: string, log: FastifyBaseLogger): Promise<AlertSubscription | null> {
    const result = await subscribe(this.db, auth, input, origin);
    if (result.kind === 'subscribed') return result.subscription;
    if (result.confirmToken) {
      const { row } = result;
      const { title } = await presentSubscription(this.db, row);
      const url = `${origin}/alerts/confirm?token=${encodeURIComponent(result.confirmToken)}`;
      const mail = confirmationMail(result.email, row.lang, title, row.frequency, url);
      Promise.resolve()
        .then(() => this.mailer.send(mail, log))
        .catch((err) => log.error({ err, to: result.email }, 'the alert confirmation mail could not be sent'));
    }
    return null;
  }

  async change(auth: AuthContext | null, token: string | undefined, id: number, changes: Changes): Promise<AlertSubscription> {
    return changeSubscription(this.db, await ownerOf(this.db, auth, token), id, changes);
  }

  async delete(auth: AuthContext | null, token: string | undefined, id: number): Promise<void> {
    await deleteSubscription(this.db, await ownerOf(this.db, auth, token), id);
  }

  confirm(token: string): Promise<Schemas['AlertConfirmation']> {
    return confirmSubscription(this.db, token);
  }

  unsubscribe(token: string): Promise<void> {
    return unsubscribe(this.db, token);
  }

  /** Staff only: the alerts whose sends fail, a page of them and the counts. */
  async undelivered(auth: AuthContext, page: { offset: number; pageSize: number }) {
    if (!auth.isStaff) throw new HttpError(403, 'alertsStaffOnly');
    const [{ count, results }, counts] = await Promise.all([listUndelivered(this.db, page), undeliveredAlerts(this.db)]);
    return { count, results, counts };
  }

  /** One run of the job (deliver.ts runAlerts) with the app's mailer, counted in this process's ledger. */
  run(now = new Date(), stop?: AbortSignal): Promise<{ matched: number; sent: number }> {
    return runAlerts(this.db, this.mailer, this.ledger, now, stop);
  }
}
