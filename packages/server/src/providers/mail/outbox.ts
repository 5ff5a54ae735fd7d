/**
 * Delivers the mail outbox through the configured sender, after the writes that queued it: right
 * after a request's transaction commits, and on a schedule that retries failed mail with back-off.
 * A row is claimed for a while in one statement (db/queries/mail.ts), then sent with no
 * transaction open, so SMTP never holds a connection, a lock or a snapshot; the claim keeps every
 * other sender, on any instance, off that row meanwhile.
 */

import { type BackgroundRounds, startBackgroundRounds } from '../../background-rounds.ts';
import type { Sql } from '../../db/client.ts';
import { claimDueMail, type MailRecord, markFailed, markSent } from '../../db/queries/mail.ts';
import {
  DEFAULT_MAIL_RETRY,
  type MailRetryPolicy,
  mailRetryDelaySeconds,
} from '../../domain/mail/mail-retry.ts';
import { errorFields, type Logger } from '../../log.ts';
import type { MailSender } from './types.ts';

/**
 * How long a claimed row is kept from other senders: well past the SMTP sender's own time-outs
 * (10 s to connect, 10 s for the greeting, 20 s of silence), so only a dead sender's rows lapse.
 */
export const MAIL_CLAIM_SECONDS = 300;

export interface MailDeliveryOptions {
  retry?: MailRetryPolicy;
  /** The most rows one delivery sends (default 20). */
  limit?: number;
  /** Stops a delivery between two rows (a stopping server). */
  stopped?: () => boolean;
}

async function sendOne(
  sql: Sql,
  sender: MailSender,
  logger: Logger,
  mail: MailRecord,
  retry: MailRetryPolicy,
): Promise<boolean> {
  try {
    await sender.send({ to: mail.to, subject: mail.subject, text: mail.body });
  } catch (error) {
    const message = (error as Error).message;
    const retryIn = mailRetryDelaySeconds(mail.attempts, retry);
    await markFailed(sql, mail, message, retryIn);
    if (retryIn === null) {
      logger.error('mail: giving up', {
        mail_id: mail.id,
        kind: mail.kind,
        attempts: mail.attempts,
        message,
      });
    } else {
      logger.warn('mail: delivery failed', {
        mail_id: mail.id,
        attempts: mail.attempts,
        retry_in_seconds: retryIn,
        message,
      });
    }
    return false;
  }
  if (!(await markSent(sql, mail))) {
    // Our claim lapsed while SMTP was slow and another sender took the row: it may go twice.
    logger.warn('mail: sent after its claim lapsed', { mail_id: mail.id });
  }
  return true;
}

/**
 * Sends the due rows one at a time, oldest first; a failure is recorded on its row with the time
 * of its next attempt, and ends this delivery (the relay is likely down for the others too).
 * Without a sender nothing leaves: the rows are the outbox. Returns how many were sent.
 */
export async function deliverQueuedMail(
  sql: Sql,
  sender: MailSender | null,
  logger: Logger,
  options: MailDeliveryOptions = {},
): Promise<number> {
  if (!sender) return 0;
  const retry = options.retry ?? DEFAULT_MAIL_RETRY;
  let sent = 0;
  for (let i = 0; i < (options.limit ?? 20); i += 1) {
    if (options.stopped?.()) break;
    const [mail] = await claimDueMail(sql, {
      limit: 1,
      leaseSeconds: MAIL_CLAIM_SECONDS,
      maxAttempts: retry.maxAttempts,
    });
    if (!mail) break;
    if (!(await sendOne(sql, sender, logger, mail, retry))) break;
    sent += 1;
  }
  return sent;
}

export interface MailSchedule {
  /** One delivery of everything due; rounds never overlap. Resolves to the mails sent. */
  drain(): Promise<number>;
  /** Stops the timer and waits for the mail being sent (the rest waits for the next start). */
  stop(): Promise<void>;
}

/**
 * The background sender: every `pollMs` it delivers the due rows, so a failed mail is tried again
 * at its `next_attempt_at` whether or not anything else is queued.
 */
export function startMailSchedule(
  sql: Sql,
  sender: MailSender,
  logger: Logger,
  options: { pollMs: number; retry?: MailRetryPolicy },
): MailSchedule {
  const rounds: BackgroundRounds = startBackgroundRounds(
    () =>
      deliverQueuedMail(sql, sender, logger, {
        retry: options.retry,
        limit: 1000,
        stopped: () => rounds.stopped,
      }),
    {
      pollMs: options.pollMs,
      onError: (error) => logger.error('mail: delivery round failed', errorFields(error)),
    },
  );
  return { drain: rounds.drain, stop: () => rounds.stop() };
}

/** A whole number from `min` to `max` in `name`, or `fallback` when it is unset. */
function whole(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min && n <= max)) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  }
  return n;
}

/**
 * The retry schedule from the environment: `MAIL_MAX_ATTEMPTS` (default 8),
 * `MAIL_RETRY_BASE_SECONDS` (the first wait, doubling; default 60; each wait at most an hour) and
 * `MAIL_POLL_SECONDS` (how often the background sender looks for due mail; default 30).
 */
export function mailScheduleFromEnv(env: Record<string, string | undefined> = process.env): {
  retry: MailRetryPolicy;
  pollMs: number;
} {
  return {
    retry: {
      maxAttempts: whole(env, 'MAIL_MAX_ATTEMPTS', DEFAULT_MAIL_RETRY.maxAttempts, 1, 100),
      baseSeconds: whole(env, 'MAIL_RETRY_BASE_SECONDS', DEFAULT_MAIL_RETRY.baseSeconds, 1, 3600),
      maxDelaySeconds: DEFAULT_MAIL_RETRY.maxDelaySeconds,
    },
    pollMs: whole(env, 'MAIL_POLL_SECONDS', 30, 1, 3600) * 1000,
  };
}
