import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIME_TRACKING_QUEUE_KEY } from './constants.ts';
import { type SendOutcome, TimeTracker, type TimeTrackingBatch } from './time-tracker.ts';

const T0 = Date.parse('2025-03-10T10:00:00Z');

type Sent = { batch: TimeTrackingBatch; keepalive: boolean };

function setup(outcomes: SendOutcome[] = [], storage: Storage = localStorage) {
  const sent: Sent[] = [];
  const attempts: Sent[] = [];
  const send = vi.fn(async (batch: TimeTrackingBatch, o: { keepalive: boolean }) => {
    attempts.push({ batch, keepalive: o.keepalive });
    const outcome = outcomes.shift() ?? 'sent';
    if (outcome === 'sent') sent.push({ batch, keepalive: o.keepalive });
    return outcome;
  });
  const tracker = new TimeTracker({ sessionId: 's-1', sessionStart: T0, send, storage });
  return { tracker, sent, attempts, send };
}

const pages = (s: Sent[]) => s.flatMap((x) => x.batch.pages.map((p) => p.page));
const stored = () => JSON.parse(localStorage.getItem(TIME_TRACKING_QUEUE_KEY) ?? '[]');

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('TimeTracker', () => {
  it('sends ended visits every 30 s with the spec’s fields', async () => {
    const { tracker, sent } = setup();
    tracker.start('/');
    await vi.advanceTimersByTimeAsync(5_000);
    tracker.navigate('/friends');
    await vi.advanceTimersByTimeAsync(24_000);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.batch).toEqual({
      session_id: 's-1',
      session_start_time: new Date(T0).toISOString(),
      total_time: 5_000,
      pages: [
        {
          page: '/',
          start_time: new Date(T0).toISOString(),
          end_time: new Date(T0 + 5_000).toISOString(),
          duration: 5_000,
          timestamp: new Date(T0 + 5_000).toISOString(),
        },
      ],
    });
    tracker.stop();
  });

  it('drops visits under 1,000 ms', async () => {
    const { tracker, sent } = setup();
    tracker.start('/a');
    await vi.advanceTimersByTimeAsync(999);
    tracker.navigate('/b');
    await vi.advanceTimersByTimeAsync(1_000);
    tracker.navigate('/c');
    await tracker.flush();
    expect(pages(sent)).toEqual(['/b']);
    tracker.stop();
  });

  it('sends at once when 10 visits are waiting, in batches of 10', async () => {
    const { tracker, sent } = setup();
    tracker.start('/p0');
    for (let i = 1; i <= 10; i++) {
      await vi.advanceTimersByTimeAsync(1_500);
      tracker.navigate(`/p${i}`);
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.batch.pages).toHaveLength(10);
    expect(sent[0]?.batch.total_time).toBe(15_000);
    tracker.stop();
  });

  it('ends a visit at the last input after 40 s idle; the next input starts a new one', async () => {
    const { tracker, sent } = setup();
    tracker.start('/deck');
    await vi.advanceTimersByTimeAsync(10_000);
    tracker.input();
    await vi.advanceTimersByTimeAsync(39_999);
    expect(tracker.pending).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(tracker.pending.map((p) => p.duration)).toEqual([10_000]);
    await vi.advanceTimersByTimeAsync(60_000); // still idle: nothing more is counted
    tracker.input();
    await vi.advanceTimersByTimeAsync(3_000);
    await tracker.hide();
    expect(sent.flatMap((s) => s.batch.pages.map((p) => p.duration))).toEqual([10_000, 3_000]);
    tracker.stop();
  });

  it('retries 3 times 1 s apart, keeps the batch in local storage, tries again after 10 s', async () => {
    const { tracker, sent, attempts } = setup(['failed', 'failed', 'failed', 'failed']);
    tracker.start('/');
    await vi.advanceTimersByTimeAsync(2_000);
    tracker.navigate('/x');
    void tracker.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(attempts).toHaveLength(4);
    expect(sent).toEqual([]);
    expect(stored()).toHaveLength(1);
    expect(stored()[0].pages[0].page).toBe('/');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempts).toHaveLength(5);
    expect(pages(sent)).toEqual(['/']);
    expect(stored()).toEqual([]);
    tracker.stop();
  });

  it('drops a batch the server refuses (4xx) instead of retrying it', async () => {
    const { tracker, attempts } = setup(['refused']);
    tracker.start('/');
    await vi.advanceTimersByTimeAsync(2_000);
    tracker.navigate('/x');
    await tracker.flush();
    expect(attempts).toHaveLength(1);
    expect(stored()).toEqual([]);
    tracker.stop();
  });

  it('sends batches a previous page left unsent when it starts', async () => {
    const old: TimeTrackingBatch = {
      session_id: 'old',
      session_start_time: new Date(T0 - 60_000).toISOString(),
      total_time: 2_000,
      pages: [
        {
          page: '/old',
          start_time: new Date(T0 - 60_000).toISOString(),
          end_time: new Date(T0 - 58_000).toISOString(),
          duration: 2_000,
          timestamp: new Date(T0 - 58_000).toISOString(),
        },
      ],
    };
    localStorage.setItem(TIME_TRACKING_QUEUE_KEY, JSON.stringify([old]));
    const { tracker, sent } = setup();
    tracker.start('/');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.batch)).toEqual([old]);
    expect(stored()).toEqual([]);
    tracker.stop();
  });

  it('ignores a corrupt stored queue', async () => {
    localStorage.setItem(TIME_TRACKING_QUEUE_KEY, '{not json');
    const { tracker, send } = setup();
    tracker.start('/');
    await vi.advanceTimersByTimeAsync(0);
    expect(send).not.toHaveBeenCalled();
    tracker.stop();
  });

  it('sends the last batch with keepalive when the page is hidden, and resumes when shown', async () => {
    const { tracker, sent } = setup();
    tracker.start('/deck');
    await vi.advanceTimersByTimeAsync(4_000);
    await tracker.hide();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.keepalive).toBe(true);
    expect(sent[0]?.batch.pages[0]?.duration).toBe(4_000);
    await vi.advanceTimersByTimeAsync(100_000); // hidden time is not counted
    tracker.show();
    await vi.advanceTimersByTimeAsync(2_000);
    await tracker.hide();
    expect(sent[1]?.batch.pages.map((p) => p.duration)).toEqual([2_000]);
    expect(sent[1]?.batch.total_time).toBe(6_000);
    tracker.stop();
  });

  it('keeps batches in memory when local storage is unavailable', async () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    const { tracker, sent } = setup(['failed', 'failed', 'failed', 'failed'], broken);
    tracker.start('/');
    await vi.advanceTimersByTimeAsync(2_000);
    tracker.navigate('/x');
    void tracker.flush();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(tracker.queued).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pages(sent)).toEqual(['/']);
    tracker.stop();
  });
});
