/**
 * The mail outbox: every email the product sends is first a row here, written in the same
 * transaction as the change it reports (no mail for a change that rolled back, no change without
 * its mail). Delivery, when SMTP is configured, claims due rows for a while in one statement and
 * sends them with no transaction open (providers/mail/outbox.ts).
 */
import { pgDate, pgDateOrNull, type Query } from './pg.ts';

export interface MailRecord {
  id: number;
  userId: number | null;
  kind: string;
  to: string;
  locale: string;
  subject: string;
  body: string;
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
}

interface MailRow {
  id: number;
  user_id: number | null;
  kind: string;
  to_address: string;
  locale: string;
  subject: string;
  body: string;
  created_at: string;
  sent_at: string | null;
  attempts: number;
}

function toMail(row: MailRow): MailRecord {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    to: row.to_address,
    locale: row.locale,
    subject: row.subject,
    body: row.body,
    createdAt: pgDate(row.created_at),
    sentAt: pgDateOrNull(row.sent_at),
    attempts: row.attempts,
  };
}

export async function queueMail(
  q: Query,
  m: {
    userId: number | null;
    kind: string;
    to: string;
    locale: string;
    subject: string;
    body: string;
  },
): Promise<number> {
  const [row] = await q<{ id: number }[]>`insert into mail_outbox
    (user_id, kind, to_address, locale, subject, body)
    values (${m.userId}, ${m.kind}, ${m.to}, ${m.locale}, ${m.subject}, ${m.body})
    returning id`;
  if (!row) throw new Error('queueMail returned no row');
  return row.id;
}

/**
 * Claims up to `limit` unsent rows that are due (oldest first) until `leaseSeconds` from now, and
 * counts the attempt. One statement: SKIP LOCKED makes claimers running at the same moment, on
 * any instance, take different rows, and the lease keeps the rows from the others while the
 * claimer sends. A claimer that dies leaves its rows to be claimed again once the lease ends.
 */
export async function claimDueMail(
  q: Query,
  options: { limit: number; leaseSeconds: number; maxAttempts: number },
): Promise<MailRecord[]> {
  const rows = await q<MailRow[]>`update mail_outbox
    set attempts = attempts + 1,
        claimed_until = now() + make_interval(secs => ${options.leaseSeconds})
    where id in (
      select id from mail_outbox
      where sent_at is null and next_attempt_at <= now() and attempts < ${options.maxAttempts}
        and (claimed_until is null or claimed_until < now())
      order by next_attempt_at, id
      limit ${options.limit}
      for update skip locked)
    returning *`;
  return rows.map(toMail).sort((a, b) => a.id - b.id);
}

/** Marks a claimed row sent; false when the claim had lapsed and another sender took it. */
export async function markSent(q: Query, mail: MailRecord): Promise<boolean> {
  const rows = await q`update mail_outbox
    set sent_at = now(), claimed_until = null, last_error = null
    where id = ${mail.id} and attempts = ${mail.attempts} and sent_at is null`;
  return rows.count > 0;
}

/**
 * Records a failed attempt of a claimed row and when to try again (`retryInSeconds`, or never:
 * null, after the last attempt).
 */
export async function markFailed(
  q: Query,
  mail: MailRecord,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  await q`update mail_outbox
    set last_error = ${error.slice(0, 500)}, claimed_until = null,
        next_attempt_at = case when ${retryInSeconds}::float8 is null then next_attempt_at
          else now() + make_interval(secs => ${retryInSeconds}::float8) end
    where id = ${mail.id} and attempts = ${mail.attempts} and sent_at is null`;
}

export interface MailQueueCounts {
  /** Not sent yet (whether due, waiting for a retry, claimed or given up). */
  unsent: number;
  /** Unsent and due now: what a sender would claim. */
  due: number;
  /** Unsent after `maxAttempts` attempts: no sender tries them again. */
  givenUp: number;
}

/** The outbox's backlog, in one statement on the partial index of unsent rows. */
export async function mailQueueCounts(q: Query, maxAttempts: number): Promise<MailQueueCounts> {
  const [row] = await q<{ unsent: number; due: number; given_up: number }[]>`select
      count(*)::int as unsent,
      (count(*) filter (where next_attempt_at <= now() and attempts < ${maxAttempts}
        and (claimed_until is null or claimed_until < now())))::int as due,
      (count(*) filter (where attempts >= ${maxAttempts}))::int as given_up
    from mail_outbox where sent_at is null`;
  return { unsent: row?.unsent ?? 0, due: row?.due ?? 0, givenUp: row?.given_up ?? 0 };
}
