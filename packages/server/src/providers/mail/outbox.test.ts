/**
 * The mail outbox's delivery (issue 38, item 9): SMTP only after commit and outside any
 * transaction, failed mail retried by the schedule with back-off, one sender per mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { queueMail } from '../../db/queries/mail.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Logger } from '../../log.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { idleTransactions, smtpServer } from '../../test/smtp-server.ts';
import { deliverQueuedMail, startMailSchedule } from './outbox.ts';
import { createSmtpSender } from './smtp.ts';
import type { MailSender } from './types.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

/** A logger that keeps its lines, to read what delivery said. */
function recordingLogger() {
  const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
  const log =
    (level: string) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      lines.push({ level, msg, fields });
    };
  const logger: Logger = {
    level: 'debug',
    enabled: () => true,
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
  };
  return { logger, lines };
}

let counter = 0;
/** Queues one email to a fresh address in its own committed transaction; its address. */
async function queue(): Promise<string> {
  counter += 1;
  const to = `reader${counter}.${Date.now()}@example.com`;
  await inTransaction(t.database.sql, (tx) =>
    queueMail(tx, { userId: null, kind: 'test', to, locale: 'en', subject: 'Hi', body: 'Hello' }),
  );
  return to;
}

const rowOf = async (to: string) => {
  const [row] = await t.database.sql<
    {
      id: number;
      sent_at: Date | null;
      attempts: number;
      last_error: string | null;
      next_attempt_at: Date;
      claimed_until: Date | null;
      overdue: boolean;
    }[]
  >`select id, sent_at, attempts, last_error, next_attempt_at, claimed_until,
      next_attempt_at <= now() as overdue
    from mail_outbox where to_address = ${to}`;
  return row;
};

/** Resolves once `check` does (the schedule's rounds are what the test waits for). */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function withSender<T>(
  server: ReturnType<typeof smtpServer>,
  use: (sender: MailSender) => Promise<T>,
): Promise<T> {
  const port = await server.listen();
  const sender = createSmtpSender({ url: `smtp://127.0.0.1:${port}` });
  try {
    return await use(sender);
  } finally {
    sender.close();
    await server.close();
  }
}

/** Retries come quickly; the mail given up on in one test stays given up in the next. */
const quick = { maxAttempts: 3, baseSeconds: 0.05, maxDelaySeconds: 1 };

describe('mail delivery', () => {
  it('sends with no transaction open anywhere while SMTP talks', async () => {
    const open: number[] = [];
    const server = smtpServer({
      onMessage: async () => {
        open.push(await idleTransactions(t.database.sql));
        return undefined;
      },
    });
    const to = await queue();
    await withSender(server, (sender) =>
      deliverQueuedMail(t.database.sql, sender, recordingLogger().logger, { retry: quick }),
    );
    expect(server.received.map((m) => m.to)).toEqual([[to]]);
    expect(open).toEqual([0]);
    expect(await rowOf(to)).toMatchObject({ attempts: 1, last_error: null, claimed_until: null });
    expect((await rowOf(to))?.sent_at).not.toBeNull();
  });

  it('retries a failed mail on the schedule, with no other mail queued, after its back-off', async () => {
    let tries = 0;
    const server = smtpServer({
      onMessage: () => {
        tries += 1;
        return tries === 1 ? '451 4.3.0 try again later' : undefined;
      },
    });
    const { logger, lines } = recordingLogger();
    const to = await queue();
    await withSender(server, async (sender) => {
      // The request's own delivery after commit: refused.
      await deliverQueuedMail(t.database.sql, sender, logger, {
        retry: { ...quick, baseSeconds: 3600 },
      });
      const failed = await rowOf(to);
      expect(failed).toMatchObject({ attempts: 1, sent_at: null, claimed_until: null });
      expect(failed?.last_error).toMatch(/451/);
      expect(failed?.overdue).toBe(false); // an hour of back-off
      expect(lines.map((l) => l.msg)).toEqual(['mail: delivery failed']);
      // Not due yet: a delivery now sends nothing.
      expect(await deliverQueuedMail(t.database.sql, sender, logger, { retry: quick })).toBe(0);
      // Its time comes (the hour moved into the past); the schedule alone sends it.
      await t.database.sql`update mail_outbox set next_attempt_at = now() where to_address = ${to}`;
      const schedule = startMailSchedule(t.database.sql, sender, logger, {
        pollMs: 20,
        retry: quick,
      });
      try {
        await until(async () => (await rowOf(to))?.sent_at != null);
      } finally {
        await schedule.stop();
      }
    });
    expect(tries).toBe(2);
    expect(server.received.map((m) => m.to)).toEqual([[to]]);
    expect(await rowOf(to)).toMatchObject({ attempts: 2, last_error: null });
  });

  it('gives up after the last attempt and logs it', async () => {
    const server = smtpServer({ onMessage: () => '550 5.1.1 no such mailbox' });
    const { logger, lines } = recordingLogger();
    const to = await queue();
    await withSender(server, async (sender) => {
      const schedule = startMailSchedule(t.database.sql, sender, logger, {
        pollMs: 20,
        retry: quick,
      });
      try {
        await until(async () => lines.some((l) => l.msg === 'mail: giving up'));
        // Nothing more is tried after the last attempt.
        expect(await deliverQueuedMail(t.database.sql, sender, logger, { retry: quick })).toBe(0);
      } finally {
        await schedule.stop();
      }
    });
    expect(await rowOf(to)).toMatchObject({ attempts: 3, sent_at: null });
    expect(lines.filter((l) => l.msg === 'mail: giving up')).toEqual([
      {
        level: 'error',
        msg: 'mail: giving up',
        fields: expect.objectContaining({ attempts: 3, message: expect.stringMatching(/550/) }),
      },
    ]);
  });

  it('sends each mail once when two instances deliver at the same time', async () => {
    const server = smtpServer();
    const addresses: string[] = [];
    for (let i = 0; i < 30; i += 1) addresses.push(await queue());
    const other: Database = openDatabase(t.url, { max: 2 });
    try {
      await withSender(server, async (sender) => {
        const { logger } = recordingLogger();
        const sent = await Promise.all([
          deliverQueuedMail(t.database.sql, sender, logger, { limit: 100, retry: quick }),
          deliverQueuedMail(other.sql, sender, logger, { limit: 100, retry: quick }),
          deliverQueuedMail(other.sql, sender, logger, { limit: 100, retry: quick }),
        ]);
        expect(sent.reduce((a, b) => a + b, 0)).toBe(30);
      });
    } finally {
      await other.end();
    }
    const delivered = server.received.flatMap((m) => m.to).sort();
    expect(delivered).toEqual([...addresses].sort());
  });

  it('sends a mail whose sender died once its claim lapses, and not before', async () => {
    const server = smtpServer();
    const to = await queue();
    // A sender claimed it and died before it could say how it went.
    await t.database.sql`update mail_outbox
      set attempts = 1, claimed_until = now() + interval '5 minutes' where to_address = ${to}`;
    await withSender(server, async (sender) => {
      const { logger } = recordingLogger();
      expect(await deliverQueuedMail(t.database.sql, sender, logger, { retry: quick })).toBe(0);
      await t.database.sql`update mail_outbox
        set claimed_until = now() - interval '1 second' where to_address = ${to}`;
      expect(await deliverQueuedMail(t.database.sql, sender, logger, { retry: quick })).toBe(1);
    });
    expect(server.received.map((m) => m.to)).toEqual([[to]]);
    expect(await rowOf(to)).toMatchObject({ attempts: 2, claimed_until: null });
  });
});
