/** The live `activity` event: a recorded activity reaches the learner's open streams on commit. */
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordActivity, signalActivity } from '../../db/queries/activities.ts';
import { inTransaction } from '../../db/transaction.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { helpers } from '../../test/space-repetition.ts';
import { readSse } from '../../test/sse.ts';

let t: TestBackend;
let server: ServerType;
let origin: string;

// No heartbeats within a test: `nextEvent(ms)` waits afresh after each one, so silence is checked.
beforeAll(async () => {
  t = await createTestBackend({ events: { heartbeatMs: 60_000 } });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.deps.events.close();
  (server as unknown as import('node:http').Server)?.closeAllConnections?.();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await t?.close();
});

const { makeDeck, makeCard, rate } = helpers(() => t);

/**
 * A connection of its own whose commits wait for the disk, as the product's do (the test
 * cluster's never do), to tell a commit that skipped the wait.
 */
async function durableConnection() {
  const one = postgres(t.url, { max: 1, onnotice: () => {} });
  await one`set synchronous_commit = on`;
  return one;
}

async function connect(token: string) {
  const res = await fetch(`${origin}/be/api/events/`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
  });
  const sse = readSse(res.body as ReadableStream<Uint8Array>);
  expect((await sse.nextEvent()).event).toBe('ready');
  return sse;
}

describe('activity events', () => {
  it('tells the learner’s streams about a review, and nobody else’s', async () => {
    const ana = await t.signUp({ timezone: 'UTC' });
    const bo = await t.signUp();
    const anaStream = await connect(ana.access);
    const boStream = await connect(bo.access);
    const d = await makeDeck(ana);
    const c = await makeCard(ana, d.id);
    await rate(ana, c.id, { difficulty: 'good' });
    const frame = await anaStream.nextEvent(5000);
    expect(frame.event).toBe('activity');
    expect(frame.id).toBeUndefined();
    expect(JSON.parse(frame.data ?? '{}')).toEqual({
      activity_type: 'space_repetition',
      day: new Date().toISOString().slice(0, 10),
    });
    await expect(boStream.nextEvent(500)).rejects.toThrow();
    await anaStream.cancel();
    await boStream.cancel();
  });

  it('sends nothing when the recording transaction rolls back', async () => {
    const ana = await t.signUp();
    const stream = await connect(ana.access);
    await expect(
      inTransaction(t.deps.sql, async (tx) => {
        await recordActivity(tx, ana.user.id, { type: 'conversion_table' });
        throw new Error('the duel failed');
      }),
    ).rejects.toThrow('the duel failed');
    await expect(stream.nextEvent(500)).rejects.toThrow();
    await recordActivity(t.deps.sql, ana.user.id, { type: 'conversion_table' });
    expect((await stream.nextEvent(5000)).event).toBe('activity');
    await stream.cancel();
  });

  it('sends an activity’s event from the pool in a commit of its own, and leaves the connection’s commits durable', async () => {
    const ana = await t.signUp({ timezone: 'UTC' });
    const stream = await connect(ana.access);
    const one = await durableConnection();
    try {
      await signalActivity(one, ana.user.id, {
        activity_type: 'space_repetition',
        day: '2026-01-02',
      });
      const frame = await stream.nextEvent(5000);
      expect(frame.event).toBe('activity');
      expect(JSON.parse(frame.data ?? '{}')).toEqual({
        activity_type: 'space_repetition',
        day: '2026-01-02',
      });
      // Only that statement's commit skipped the wait for the disk.
      const [setting] = await one<{ synchronous_commit: string }[]>`show synchronous_commit`;
      expect(setting?.synchronous_commit).toBe('on');
    } finally {
      await one.end();
      await stream.cancel();
    }
  });

  it('sends a transaction’s events after its commit, in their order, and outside it', async () => {
    const ana = await t.signUp({ timezone: 'UTC' });
    const stream = await connect(ana.access);
    const one = await durableConnection();
    try {
      let inside = '';
      await inTransaction(one, async (tx) => {
        await signalActivity(tx, ana.user.id, { activity_type: 'macro_images', day: '2026-01-01' });
        await signalActivity(tx, ana.user.id, { activity_type: 'desk_duel', day: '2026-01-02' });
        // Nothing sent yet, and the transaction's own commit still waits for the disk.
        await expect(stream.nextEvent(300)).rejects.toThrow();
        const [row] = await tx<{ synchronous_commit: string }[]>`show synchronous_commit`;
        inside = row?.synchronous_commit ?? '';
      });
      expect(inside).toBe('on');
      const days = [await stream.nextEvent(5000), await stream.nextEvent(5000)].map(
        (frame) => JSON.parse(frame.data ?? '{}').day,
      );
      expect(days).toEqual(['2026-01-01', '2026-01-02']);
    } finally {
      await one.end();
      await stream.cancel();
    }
  });

  it('sends an event of a transaction begun elsewhere (sql.begin) with its commit, and none on rollback', async () => {
    const ana = await t.signUp();
    const stream = await connect(ana.access);
    const data = { activity_type: 'space_repetition', day: '2026-01-03' } as const;
    await expect(
      t.deps.sql.begin(async (tx) => {
        await signalActivity(tx, ana.user.id, data);
        throw new Error('the import failed');
      }),
    ).rejects.toThrow('the import failed');
    await expect(stream.nextEvent(500)).rejects.toThrow();
    await t.deps.sql.begin((tx) => signalActivity(tx, ana.user.id, data));
    expect(JSON.parse((await stream.nextEvent(5000)).data ?? '{}')).toEqual(data);
    await stream.cancel();
  });
});
