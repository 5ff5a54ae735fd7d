import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { deliverQueuedMail, mailScheduleFromEnv } from '../../providers/mail/outbox.ts';

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
