/** The subscription emails: queued with the change they report, delivered after it commits. */
import type { Context } from 'hono';
import { queueMail } from '../../db/queries/mail.ts';
import { buyerOf, type SubscriptionRecord } from '../../db/queries/subscriptions.ts';
import type { Tx } from '../../db/transaction.ts';
import { subscriptionMail, subscriptionMailKind } from '../../domain/subscription-mail.ts';
import type { SubscriptionState } from '../../domain/subscriptions.ts';
import type { AppEnv } from '../../http/context.ts';
import { deliverQueuedMail, mailScheduleFromEnv } from '../../providers/mail/outbox.ts';

/** Writes the email a change sends (if any) to the outbox, in the change's transaction. */
export async function queueSubscriptionMail(
  tx: Tx,
  before: SubscriptionRecord,
  after: SubscriptionState,
  origin: string,
): Promise<void> {
  const kind = subscriptionMailKind(before, after);
  if (!kind) return;
  const buyer = await buyerOf(tx, before.userId);
  if (!buyer) return;
  const mail = subscriptionMail(kind, before.locale, {
    name: buyer.name,
    planName: before.planName,
    amount: before.amount,
    currency: before.currency,
    endDate: after.endDate,
    failureReason: after.failureReason,
    origin,
    timeZone: buyer.timeZone,
  });
  await queueMail(tx, {
    userId: before.userId,
    kind,
    to: buyer.email,
    locale: before.locale,
    ...mail,
  });
}

/**
 * Sends what the outbox holds and is due when SMTP is configured, once the change's transaction
 * has committed (call it after `inTransaction` returns); a failure never fails the request, and
 * the background schedule (index.ts) tries the mail again after its back-off.
 */
export async function deliverMail(c: Context<AppEnv>): Promise<void> {
  const { sql, providers, logger } = c.get('deps');
  try {
    await deliverQueuedMail(sql, providers.mail, logger, { retry: mailScheduleFromEnv().retry });
  } catch (error) {
    logger.warn('mail: delivery stopped', {
      request_id: c.get('requestId'),
      message: (error as Error).message,
    });
  }
}
