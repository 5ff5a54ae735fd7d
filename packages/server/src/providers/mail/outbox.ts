/** Delivers the mail outbox through the configured sender, after the writes that queued it. */
import type { Sql } from '../../db/client.ts';
import { lockNextUnsent, markFailed, markSent } from '../../db/queries/mail.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Logger } from '../../log.ts';
import type { MailSender } from './types.ts';

/**
 * Sends unsent rows one at a time, oldest first, each under its row lock so two instances never
 * send one twice; a failure is counted on the row and tried again on the next delivery. Without a
 * sender nothing leaves: the rows are the outbox. Returns how many were sent.
 */
export async function deliverQueuedMail(
  sql: Sql,
  sender: MailSender | null,
  logger: Logger,
  limit = 20,
): Promise<number> {
  if (!sender) return 0;
  let sent = 0;
  for (let i = 0; i < limit; i += 1) {
    const outcome = await inTransaction(sql, async (tx) => {
      const mail = await lockNextUnsent(tx);
      if (!mail) return 'empty' as const;
      try {
        await sender.send({ to: mail.to, subject: mail.subject, text: mail.body });
        await markSent(tx, mail.id);
        return 'sent' as const;
      } catch (error) {
        logger.warn('mail: delivery failed', {
          mail_id: mail.id,
          message: (error as Error).message,
        });
        await markFailed(tx, mail.id, (error as Error).message);
        return 'failed' as const;
      }
    });
    if (outcome === 'empty') break;
    if (outcome === 'sent') sent += 1;
    // A failure leaves the rest for the next delivery: the relay is likely down for them too.
    if (outcome === 'failed') break;
  }
  return sent;
}
