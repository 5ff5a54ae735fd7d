/**
 * The mail outbox: every email the product sends is first a row here, written in the same
 * transaction as the change it reports (no mail for a change that rolled back, no change without
 * its mail). Delivery, when SMTP is configured, takes one unsent row at a time.
 */
import { pgDate, pgDateOrNull, type Query } from './pg.ts';

/** Delivery stops trying a row after this many failures (its `last_error` says why). */
export const MAX_MAIL_ATTEMPTS = 5;

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

/** The oldest unsent row still worth trying, locked; other instances skip it. */
export async function lockNextUnsent(q: Query): Promise<MailRecord | null> {
  const [row] = await q<MailRow[]>`select * from mail_outbox
    where sent_at is null and attempts < ${MAX_MAIL_ATTEMPTS}
    order by id limit 1 for update skip locked`;
  return row ? toMail(row) : null;
}

export async function markSent(q: Query, id: number): Promise<void> {
  await q`update mail_outbox set sent_at = now(), attempts = attempts + 1, last_error = null
    where id = ${id}`;
}

export async function markFailed(q: Query, id: number, error: string): Promise<void> {
  await q`update mail_outbox set attempts = attempts + 1, last_error = ${error.slice(0, 500)}
    where id = ${id}`;
}
