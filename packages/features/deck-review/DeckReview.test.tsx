import {
  $session,
  ACCESS_TOKEN_KEY,
  AUTH_CHANGE_EVENT,
  DUE_CARDS_PAGE,
  DUE_CARDS_PREVIEWS,
  REFRESH_TOKEN_KEY,
  saveTokens,
  setNavigate,
  setUserEmail,
  spaceRepetitionKeys,
} from '@memoria/api';
import { startTestServer } from '@memoria/api/test/http-server';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { DeckReview } from './DeckReview.tsx';
import { REVIEW_QUEUE_KEY, readQueue } from './offlineQueue.ts';
import { CARDS, deck, dueCard, queue, reviewResult } from './test/fixtures.ts';

let server: TestServer;

function setURL(origin: string) {
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${origin}/`,
  );
}

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  setURL(server.origin);
  localStorage.clear();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'access-1');
  localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
  $session.set({ signedIn: true, email: 'ana@example.com' });
  setNavigate(vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

type Rating = { status: number; body?: unknown } | 'hang';

/** The backend of one deck: its due queue, and what a rating answers. */
function backend(onRate: (body: Record<string, unknown>) => Rating) {
  server.handle((request) => {
    if (request.path.startsWith('/be/api/space-repetition/desks/7/')) {
      return { status: 200, body: deck() };
    }
    if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
      return { status: 200, body: queue([CARDS.fresh, CARDS.learning, CARDS.review]) };
    }
    if (request.path.includes('/update_difficulty/')) return onRate(JSON.parse(request.body));
    return { status: 200, body: [] };
  });
}

const key = (k: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(window, { key: k, code: k === ' ' ? 'Space' : `Digit${k}`, ...init });
const remaining = () =>
  [...document.querySelectorAll('li')].find((li) => li.textContent?.includes('remaining today'))
    ?.textContent;
/** The header's counters as one line: "3 remaining today · 1 due · 2 new". */
const counters = () =>
  [...(document.querySelector('ul[aria-label]')?.querySelectorAll('li') ?? [])]
    .map((li) => li.textContent)
    .join(' · ');
const front = () =>
  document.querySelector('article[data-card-id] [data-side="front"]')?.textContent;
/** A request's query parameters. */
const queryOf = (r: { path: string }) => new URL(r.path, server.origin).searchParams;

describe('review keyboard flow', () => {
  test('Space reveals, the buttons show Anki intervals, 3 rates Good and the next card shows at once', async () => {
    let answer: ((reply: Rating) => void) | undefined;
    const sent: Record<string, unknown>[] = [];
    server.handle((request) => {
      if (request.path.includes('/update_difficulty/')) {
        sent.push(JSON.parse(request.body));
        return new Promise<Rating>((resolve) => {
          answer = resolve;
        }) as never;
      }
      if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
        return { status: 200, body: queue([CARDS.fresh, CARDS.learning, CARDS.review]) };
      }
      return { status: 200, body: deck() };
    });
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Paris');
    expect(screen.queryByText('capital of France')).toBeNull();
    expect(remaining()).toBe('3 remaining today');

    key('3'); // not revealed yet: no rating
    key(' ');
    expect(screen.getByText('capital of France')).toBeTruthy();
    const labels = ['Again', 'Hard', 'Good', 'Easy'].map(
      (name) => screen.getByRole('button', { name }).textContent,
    );
    expect(labels).toEqual([
      '<1mAgain1Next review in less than 1 minute (key 1)',
      '<6mHard2Next review in less than 6 minutes (key 2)',
      '<10mGood3Next review in less than 10 minutes (key 3)',
      '8dEasy4Next review in 8 days (key 4)',
    ]);

    key('3');
    // Same event: the next card, before the server has answered. Paris, a learning step due in
    // 10 minutes, is back at the end of the queue and still counted.
    expect(front()).toBe('Madrid');
    expect(screen.queryByText('capital of Spain')).toBeNull();
    expect(remaining()).toBe('3 remaining today');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(server.hits('/be/api/space-repetition/cards/101/update_difficulty/')).toHaveLength(1);
    expect(sent[0]).toMatchObject({ difficulty: 'good' });
    expect(String(sent[0]?.idempotency_key)).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof sent[0]?.answer_time_ms).toBe('number');
    answer?.({ status: 200, body: reviewResult(CARDS.fresh, 'good') });

    // The learning card shows its own intervals (1 Again … 4 Easy).
    key(' ');
    key('1');
    expect(front()).toBe('Rome');
    key(' ');
    expect(screen.getByRole('button', { name: 'Easy' }).textContent).toBe(
      '3.2moEasy4Next review in 3.2 months (key 4)',
    );
    expect(screen.getByRole('button', { name: 'Good' }).textContent).toMatch(/^1.2moGood3/);
  });

  test('asks for one page, and tops it up in the background when few cards are left, the card on screen staying', async () => {
    const more = [101, 102].map((id) => ({
      ...CARDS.review,
      id: id + 100,
      front: `Extra ${id}`,
      front_html: `Extra ${id}`,
    }));
    const pages = [
      queue([CARDS.fresh, CARDS.learning, CARDS.review], { remaining_today: 5 }),
      // The server's next read: Paris is rated, the rest of the day follows.
      queue([CARDS.learning, CARDS.review, ...more], { remaining_today: 4 }),
    ];
    server.handle((request) => {
      if (request.path.includes('/update_difficulty/')) {
        return { status: 200, body: reviewResult(CARDS.fresh, 'easy') };
      }
      if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
        return { status: 200, body: pages.shift() ?? queue([]) };
      }
      return { status: 200, body: deck() };
    });
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Paris');
    const asked = () => server.hits('/be/api/space-repetition/cards/due_cards/');
    expect(asked().map((r) => [queryOf(r).get('limit'), queryOf(r).get('previews')])).toEqual([
      [String(DUE_CARDS_PAGE), String(DUE_CARDS_PREVIEWS)],
    ]);
    expect(remaining()).toBe('5 remaining today');

    key(' ');
    key('4'); // Easy: 8 days, Paris leaves today's queue
    expect(front()).toBe('Madrid');
    key(' '); // Madrid's answer is on screen while the next page arrives
    await waitFor(() => expect(asked()).toHaveLength(2));
    await waitFor(() => expect(remaining()).toBe('4 remaining today'));
    expect(front()).toBe('Madrid');
    expect(screen.getByText('capital of Spain')).toBeTruthy();

    key('4');
    key(' ');
    key('4');
    expect(front()).toBe('Extra 101');
  });

  test('a failed rating is rolled back and a snackbar says why', async () => {
    backend(() => ({
      status: 404,
      body: { detail: 'Not found', code: 'not_found' },
    }));
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Paris');
    key(' ');
    key('4');
    expect(front()).toBe('Madrid');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Your rating was not saved: This deck or card no longer exists.',
    );
    await waitFor(() => expect(front()).toBe('Paris'));
    expect(remaining()).toBe('3 remaining today');
  });

  test('Spanish: translated rollback message and intervals', async () => {
    backend(() => ({ status: 503, body: { detail: 'Down', code: 'unavailable' } }));
    renderWithProviders(<DeckReview deckId={7} />, { locale: 'es' });
    await screen.findByText('Paris');
    key(' ');
    expect(screen.getByRole('button', { name: 'Bien' }).textContent).toBe(
      '<10 minBien3Próximo repaso en menos de 10 minutos (tecla 3)',
    );
    key('3');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Tu valoración no se guardó: Este servicio no está disponible ahora.',
    );
  });

  test('Ctrl+Z undoes the last rating through undo_review', async () => {
    server.handle((request) => {
      if (request.path.includes('/update_difficulty/')) {
        return { status: 200, body: reviewResult(CARDS.fresh, 'again') };
      }
      if (request.path.includes('/undo_review/')) {
        return {
          status: 200,
          body: { card: CARDS.fresh, undone_review_id: 1, rating: 'again', remaining_today: 3 },
        };
      }
      if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
        return { status: 200, body: queue([CARDS.fresh, CARDS.learning]) };
      }
      return { status: 200, body: deck() };
    });
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Paris');
    key(' ');
    key('1');
    expect(front()).toBe('Madrid');
    key('z', { ctrlKey: true });
    expect(front()).toBe('Paris');
    await waitFor(() =>
      expect(server.hits('/be/api/space-repetition/cards/101/undo_review/')).toHaveLength(1),
    );
    expect((await screen.findByText('Rating undone.')).textContent).toBe('Rating undone.');
  });

  test('undoing Again on a new card gives the header its counts back', async () => {
    const fresh = [
      CARDS.fresh,
      dueCard(104, 'Lisbon', 'capital of Portugal', 'new'),
      dueCard(105, 'Oslo', 'capital of Norway', 'new'),
    ];
    server.handle((request) => {
      if (request.path.includes('/update_difficulty/')) {
        return { status: 200, body: reviewResult(CARDS.fresh, 'again') };
      }
      if (request.path.includes('/undo_review/')) {
        return {
          status: 200,
          body: { card: CARDS.fresh, undone_review_id: 1, rating: 'again', remaining_today: 3 },
        };
      }
      if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
        return { status: 200, body: queue(fresh) };
      }
      return { status: 200, body: deck() };
    });
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Paris');
    expect(counters()).toBe('3 remaining today · 0 due · 3 new');
    key(' ');
    key('1');
    expect(counters()).toBe('3 remaining today · 1 due · 2 new');
    await waitFor(() =>
      expect(server.hits('/be/api/space-repetition/cards/101/update_difficulty/')).toHaveLength(1),
    );
    key('z', { ctrlKey: true });
    expect(front()).toBe('Paris');
    expect(counters()).toBe('3 remaining today · 0 due · 3 new');
    expect((await screen.findByText('Rating undone.')).textContent).toBe('Rating undone.');
    expect(counters()).toBe('3 remaining today · 0 due · 3 new');
  });
});

describe('a deleted deck', () => {
  test('shows the not-found state with the way back to the decks, not Retry', async () => {
    server.handle(() => ({ status: 404, body: { detail: 'Not found.', code: 'not_found' } }));
    renderWithProviders(<DeckReview deckId={7} />);
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All decks' }).getAttribute('href')).toBe(
      '/space-repetition',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('leaving the page', () => {
  test('ratings still unsettled on leaving refresh the deck list at once, not never', async () => {
    backend(() => ({ status: 200, body: reviewResult(CARDS.fresh, 'good') }));
    const { client, unmount } = renderWithProviders(<DeckReview deckId={7} />);
    client.setQueryData(spaceRepetitionKeys.decks(), { results: [] }); // the list, counts before
    await screen.findByText('Paris');
    key(' ');
    key('3');
    await waitFor(() =>
      expect(server.hits('/be/api/space-repetition/cards/101/update_difficulty/')).toHaveLength(1),
    );

    unmount(); // well within the 1.5 s pause after which the session refreshes them itself
    // The list is shown by no island here: dropped, so the next page fetches it.
    expect(client.getQueryCache().find({ queryKey: spaceRepetitionKeys.decks() })).toBeUndefined();
  });
});

describe('interval previews past the page’s first cards', () => {
  const withoutPreviews = { ...CARDS.learning, intervals: null };
  const dueReads = () => server.hits('/be/api/space-repetition/cards/due_cards/');
  const previewsOf = (r: { path: string }) => queryOf(r).get('previews');
  const previewsAsked = () => dueReads().map(previewsOf);
  // Each read is answered by what it asks for, not by its place among the reads.
  const pageRead = (r: { path: string }) => previewsOf(r) === String(DUE_CARDS_PREVIEWS);

  test('a card that comes up without previews has its page read again with them, once', async () => {
    server.handle((request) => {
      if (request.path.includes('/update_difficulty/')) {
        return { status: 200, body: reviewResult(CARDS.fresh, 'easy') };
      }
      if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
        const page = pageRead(request)
          ? queue([CARDS.fresh, withoutPreviews, CARDS.review])
          : queue([CARDS.learning, CARDS.review]);
        return { status: 200, body: page };
      }
      return { status: 200, body: deck() };
    });
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Paris');
    expect(previewsAsked()).toEqual([String(DUE_CARDS_PREVIEWS)]);
    key(' ');
    key('4'); // Easy: Paris leaves today's queue, Madrid (no previews yet) comes up
    expect(front()).toBe('Madrid');
    await waitFor(() => expect(previewsAsked()).toEqual(['6', String(DUE_CARDS_PAGE)]));
    key(' ');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Good' }).textContent).toBe(
        '1dGood3Next review in 1 day (key 3)',
      ),
    );
    // The page read for them is not added to the queue; Madrid is asked for once.
    expect(remaining()).toBe('2 remaining today');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dueReads()).toHaveLength(2);
  });

  test('the top-up brings the previews of the cards past the first page’s, with no read of its own', async () => {
    const cards = Array.from({ length: 2 * DUE_CARDS_PAGE }, (_, i) => ({
      ...CARDS.review,
      id: 200 + i,
      front: `Card ${i}`,
      front_html: `Card ${i}`,
    }));
    const served = (from: number) =>
      queue(
        cards
          .slice(from, from + DUE_CARDS_PAGE)
          .map((c, i) => (i < DUE_CARDS_PREVIEWS ? c : { ...c, intervals: null })),
        { remaining_today: cards.length - from },
      );
    let rated = 0;
    server.handle((request) => {
      if (request.path.includes('/update_difficulty/')) {
        rated += 1;
        return { status: 200, body: reviewResult(CARDS.review, 'easy') };
      }
      if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
        return { status: 200, body: served(rated) };
      }
      return { status: 200, body: deck() };
    });
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Card 0');
    for (let i = 0; i < DUE_CARDS_PAGE; i++) {
      expect(front()).toBe(`Card ${i}`);
      key(' ');
      expect(screen.getByRole('button', { name: 'Easy' }).textContent).toBe(
        '3.2moEasy4Next review in 3.2 months (key 4)',
      );
      key('4');
      await waitFor(() => expect(rated).toBe(i + 1));
      // Five cards left: the top-up is read while the learner reads the next card (a learner
      // takes seconds; the test waits for it), the last with the first page's previews.
      if (i + 1 === DUE_CARDS_PAGE - DUE_CARDS_PREVIEWS + 1) {
        await waitFor(() => expect(dueReads()).toHaveLength(2));
        await waitFor(() => expect(remaining()).toBe('15 remaining today'));
      }
    }
    // Five left again: the second top-up, awaited so that no read outlives the test.
    await waitFor(() => expect(dueReads()).toHaveLength(3));
    // Every read was a page or its top-up; none was for previews.
    expect(new Set(previewsAsked())).toEqual(new Set([String(DUE_CARDS_PREVIEWS)]));
  });

  test('when they cannot be read the buttons still rate, and a learning step still comes back', async () => {
    const rated: number[] = [];
    server.handle((request) => {
      const rating = request.path.match(/cards\/(\d+)\/update_difficulty/);
      if (rating) {
        rated.push(Number(rating[1]));
        return { status: 200, body: reviewResult(CARDS.learning, 'again') };
      }
      if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
        return pageRead(request)
          ? { status: 200, body: queue([withoutPreviews]) }
          : { status: 503, body: { detail: 'Down', code: 'unavailable' } };
      }
      return { status: 200, body: deck() };
    });
    renderWithProviders(<DeckReview deckId={7} />, { locale: 'es' });
    await screen.findByText('Madrid');
    await waitFor(() => expect(previewsAsked()).toContain(String(DUE_CARDS_PAGE)));
    key(' ');
    expect(screen.getByRole('button', { name: 'Otra vez' }).textContent).toBe(
      '\u00a0Otra vez1Tecla 1',
    );
    key('1');
    // Again: 5 minutes, within the learn-ahead limit; the server's answer puts it back.
    await waitFor(() => expect(rated).toEqual([CARDS.learning.id]));
    await waitFor(() => expect(front()).toBe('Madrid'));
    key(' ');
    expect(screen.getByRole('button', { name: 'Bien' }).textContent).toBe(
      '1 dBien3Próximo repaso en 1 día (tecla 3)',
    );
  });
});

describe('learning steps in the same session (learn-ahead)', () => {
  test('a card rated Again comes back after the others, counted, and shown at once when it is the last', async () => {
    const rated: { id: number; difficulty: unknown }[] = [];
    server.handle((request) => {
      const rating = request.path.match(/cards\/(\d+)\/update_difficulty/);
      if (rating) {
        const body = JSON.parse(request.body);
        const id = Number(rating[1]);
        rated.push({ id, difficulty: body.difficulty });
        const card = id === CARDS.fresh.id ? CARDS.fresh : CARDS.learning;
        const result = reviewResult(card, body.difficulty);
        result.next_due = new Date(Date.now() + result.interval_seconds * 1000).toISOString();
        // Graduated by Easy: days away, out of today's queue.
        if (body.difficulty === 'easy') result.card.state = 'review';
        // After Again the server previews Easy at 3 days (the queued copy still says 8).
        if (body.difficulty === 'again' && result.intervals) {
          result.intervals = {
            ...result.intervals,
            easy: { due: result.next_due, interval_seconds: 3 * 86_400 },
          };
        }
        return { status: 200, body: result };
      }
      if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
        return { status: 200, body: queue([CARDS.fresh, CARDS.learning]) };
      }
      return { status: 200, body: deck() };
    });
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Paris');
    expect(remaining()).toBe('2 remaining today');

    key(' ');
    key('1'); // Again: <1m, back in this session
    expect(front()).toBe('Madrid');
    expect(remaining()).toBe('2 remaining today');
    key(' ');
    key('4'); // Easy: 4 days
    // Only Paris is left and not due for a minute: shown anyway, as Anki learns ahead.
    expect(front()).toBe('Paris');
    expect(remaining()).toBe('1 remaining today');
    await waitFor(() => expect(rated).toHaveLength(2));
    // The server's answer replaces the waiting copy: a learning card with its new previews.
    key(' ');
    expect(screen.getByText('Learning')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Easy' }).textContent).toMatch(/^3dEasy4/),
    );
    key('4');
    expect(await screen.findByText('All done for today!')).toBeTruthy();
    await waitFor(() => expect(rated).toHaveLength(3));
    expect(rated).toEqual([
      { id: CARDS.fresh.id, difficulty: 'again' },
      { id: CARDS.learning.id, difficulty: 'easy' },
      { id: CARDS.fresh.id, difficulty: 'easy' },
    ]);
    expect(
      screen.getByText('You have reviewed every card due today. Come back tomorrow.'),
    ).toBeTruthy();
  });

  test('the finished screen says in minutes when the next card is due later today', async () => {
    // Noon on the learner's clock, so that 25 minutes later is still today.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 0, 15, 12, 0, 0));
    try {
      server.handle((request) => {
        if (request.path.includes('/update_difficulty/')) {
          const result = reviewResult(CARDS.learning, 'good');
          // The server knows better than the preview: the step is 25 minutes away.
          result.interval_seconds = 25 * 60;
          result.next_due = new Date(Date.now() + 25 * 60_000).toISOString();
          return { status: 200, body: result };
        }
        if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
          return { status: 200, body: queue([CARDS.learning]) };
        }
        return { status: 200, body: deck() };
      });
      renderWithProviders(<DeckReview deckId={7} />);
      await screen.findByText('Madrid');
      key(' ');
      key('3');
      expect(
        await screen.findByText('The next card is due in 25 minutes, at 12:25 PM.'),
      ).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  test('after a reload the finished screen takes the next step’s time from the queue', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 0, 15, 12, 0, 0));
    try {
      server.handle((request) => {
        if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
          const next_due = new Date(Date.now() + 42 * 60_000).toISOString();
          return { status: 200, body: queue([], { next_due }) };
        }
        return { status: 200, body: deck() };
      });
      renderWithProviders(<DeckReview deckId={7} />, { locale: 'es' });
      expect(
        await screen.findByText('La próxima tarjeta vence en 42 minutos, a las 12:42.'),
      ).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('offline queue', () => {
  test('a rating lost with the connection is kept and sent after the next sign-in', async () => {
    backend(() => ({ status: 200, body: reviewResult(CARDS.fresh, 'good') }));
    setUserEmail('ana@example.com');
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Paris');

    // The backend goes away: the rating gets no response.
    await server.close();
    key(' ');
    key('3');
    expect(front()).toBe('Madrid');
    await screen.findByText(/Your rating is saved on this device/);
    const queued = readQueue();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ card_id: 101, difficulty: 'good', email: 'ana@example.com' });
    expect(JSON.parse(localStorage.getItem(REVIEW_QUEUE_KEY) ?? '[]')).toHaveLength(1);

    // The client ended the session (2 s later); the learner signs in again on a live backend.
    await waitFor(() => expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull(), {
      timeout: 4000,
    });
    server = await startTestServer();
    setURL(server.origin);
    const received: Record<string, unknown>[] = [];
    server.handle((request) => {
      if (request.path.includes('/update_difficulty/')) {
        received.push({ path: request.path, ...JSON.parse(request.body) });
        return { status: 200, body: reviewResult(CARDS.fresh, 'good') };
      }
      if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
        return { status: 200, body: queue([CARDS.learning]) };
      }
      return { status: 200, body: deck() };
    });
    setUserEmail('ana@example.com');
    act(() => saveTokens({ access: 'access-2', refresh: 'refresh-2' })); // fires auth-change

    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toEqual({
      path: '/be/api/space-repetition/cards/101/update_difficulty/',
      difficulty: 'good',
      reviewed_at: queued[0]?.reviewed_at,
      idempotency_key: queued[0]?.idempotency_key,
      answer_time_ms: queued[0]?.answer_time_ms,
    });
    await waitFor(() => expect(readQueue()).toEqual([]));
    // A second auth-change sends nothing twice.
    window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(1);
  }, 15_000);
});

describe('the finished screen', () => {
  test("uses the design system's icon, not an emoji that needs an emoji font", async () => {
    server.handle((request) => {
      if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
        return { status: 200, body: queue([]) };
      }
      return { status: 200, body: deck() };
    });
    renderWithProviders(<DeckReview deckId={7} />);
    const title = await screen.findByText('All done for today!');
    const screenRoot = title.closest('div')?.parentElement as HTMLElement;
    expect(screenRoot.querySelector('svg')).not.toBeNull();
    expect(document.body.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});

describe('review tools: bury, suspend, flag (issue 43)', () => {
  /** A deck of Paris and Madrid whose server keeps buried and suspended cards out of the queue. */
  function toolsBackend(extra: (request: { path: string; body: string }) => unknown = () => null) {
    const out = new Set<number>();
    const flags = new Map<number, number>();
    server.handle((request) => {
      const handled = extra(request);
      if (handled) return handled as never;
      const state = request.path.match(/cards\/(\d+)\/(suspend|unsuspend|bury|unbury)\/$/);
      if (state) {
        const id = Number(state[1]);
        const card = [CARDS.fresh, CARDS.learning].find((c) => c.id === id);
        if (state[2] === 'bury' || state[2] === 'suspend') out.add(id);
        else out.delete(id);
        return { status: 200, body: { ...card, intervals: undefined } };
      }
      const flag = request.path.match(/cards\/(\d+)\/flag\/$/);
      if (flag) {
        const id = Number(flag[1]);
        flags.set(id, JSON.parse(request.body).flag);
        return { status: 200, body: { ...CARDS.fresh, id, flag: flags.get(id) } };
      }
      if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
        const cards = [CARDS.fresh, CARDS.learning]
          .filter((c) => !out.has(c.id))
          .map((c) => ({ ...c, flag: flags.get(c.id) ?? 0 }));
        return { status: 200, body: queue(cards) };
      }
      if (request.path.startsWith('/be/api/space-repetition/desks/7/')) {
        return { status: 200, body: deck() };
      }
      return { status: 200, body: [] };
    });
  }
  const stateHits = (id: number, action: string) =>
    server
      .hits(`/be/api/space-repetition/cards/${id}/${action}/`)
      .filter((r) => r.method === 'POST');
  const flagBodies = (id: number) =>
    server.hits(`/be/api/space-repetition/cards/${id}/flag/`).map((r) => JSON.parse(r.body).flag);

  test('- buries the card: it leaves the session, is announced, and Ctrl+Z unburies it', async () => {
    toolsBackend();
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Paris');
    expect(remaining()).toBe('2 remaining today');
    key('-');
    expect(front()).toBe('Madrid');
    expect(remaining()).toBe('1 remaining today');
    await waitFor(() => expect(stateHits(101, 'bury')).toHaveLength(1));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Card buried until tomorrow.',
    );
    key('z', { ctrlKey: true });
    expect(front()).toBe('Paris');
    await waitFor(() => expect(stateHits(101, 'unbury')).toHaveLength(1));
    expect(await screen.findByText('Card unburied.')).toBeTruthy();
    expect(remaining()).toBe('2 remaining today');
  });

  test('@ suspends the card, revealed or not, and Ctrl+Z unsuspends it', async () => {
    toolsBackend();
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Paris');
    key(' ');
    fireEvent.keyDown(window, { key: '@', code: 'Digit2', shiftKey: true });
    expect(front()).toBe('Madrid');
    await waitFor(() => expect(stateHits(101, 'suspend')).toHaveLength(1));
    expect(stateHits(101, 'update_difficulty')).toHaveLength(0);
    expect(await screen.findByText('Card suspended.')).toBeTruthy();
    key('z', { ctrlKey: true });
    expect(front()).toBe('Paris');
    await waitFor(() => expect(stateHits(101, 'unsuspend')).toHaveLength(1));
  });

  test('Ctrl+1…7 set the flag, Ctrl+the same number clears it, Ctrl+Z puts the previous back', async () => {
    toolsBackend();
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Paris');
    key('1', { ctrlKey: true });
    await waitFor(() => expect(flagBodies(101)).toEqual([1]));
    expect(await screen.findByText('Flag set: Red.')).toBeTruthy();
    expect(screen.getByText('Red flag')).toBeTruthy();
    key('1', { ctrlKey: true });
    await waitFor(() => expect(flagBodies(101)).toEqual([1, 0]));
    expect(await screen.findByText('Flag removed.')).toBeTruthy();
    key('7', { ctrlKey: true });
    await waitFor(() => expect(flagBodies(101)).toEqual([1, 0, 7]));
    expect(screen.getByText('Purple flag')).toBeTruthy();
    key('z', { ctrlKey: true });
    await waitFor(() => expect(flagBodies(101)).toEqual([1, 0, 7, 0]));
    expect(screen.queryByText('Purple flag')).toBeNull();
    expect(front()).toBe('Paris');
  });

  test('the More menu buries, suspends and flags for touch', async () => {
    toolsBackend();
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Paris');
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Bury/ }));
    expect(front()).toBe('Madrid');
    await waitFor(() => expect(stateHits(101, 'bury')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Orange flag/ }));
    await waitFor(() => expect(flagBodies(102)).toEqual([2]));
  });

  test('a rating that answers leech says so once, with what was done to the card', async () => {
    toolsBackend((request) =>
      request.path.includes('/update_difficulty/')
        ? {
            status: 200,
            body: {
              ...reviewResult(CARDS.fresh, 'again'),
              card: { ...reviewResult(CARDS.fresh, 'again').card, suspended: true },
              leech: true,
            },
          }
        : null,
    );
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Paris');
    key(' ');
    key('1');
    expect(
      await screen.findByText('This card is a leech: it was suspended and its note tagged leech.'),
    ).toBeTruthy();
  });

  test('the shortcut help lists the new keys', async () => {
    toolsBackend();
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByText('Paris');
    expect(document.body.textContent).toContain('Press - to bury');
    expect(document.body.textContent).toContain('@ to suspend');
    expect(document.body.textContent).toContain('Ctrl+1…7 to flag');
  });
});
