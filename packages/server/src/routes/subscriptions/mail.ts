/**
 * The subscription emails: queued with the change they report, delivered after it commits
 * (services/mail/delivery.ts).
 */
import { queueMail } from '../../db/queries/mail.ts';
import { buyerOf, type SubscriptionRecord } from '../../db/queries/subscriptions.ts';
import type { Tx } from '../../db/transaction.ts';
import {
  subscriptionMail,
  subscriptionMailKind,
} from '../../domain/subscriptions/subscription-mail.ts';
import type { SubscriptionState } from '../../domain/subscriptions/subscriptions.ts';

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
