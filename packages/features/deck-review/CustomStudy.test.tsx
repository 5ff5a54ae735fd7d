/**
 * The review island playing a custom-study session (issue 43): the list `POST custom-study/`
 * answers instead of the due queue, the banner, cram ratings sent with `cram: true` that change
 * nothing shown, their undo without the server, and the session's end.
 */
import { $session, ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, setNavigate } from '@memoria/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { customStudyFromQuery, customStudyHref } from './customStudy.ts';
import { DeckReview } from './DeckReview.tsx';
import { CARDS, cramResult, customSession, deck, reviewResult } from './test/fixtures.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.origin}/`,
  );
  localStorage.clear();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'access-1');
  localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
  $session.set({ signedIn: true, email: 'ana@example.com' });
  setNavigate(vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** One deck, its custom-study session, and the ratings' bodies as sent. */
function backend(kind: 'cram' | 'ahead', cards = [CARDS.fresh, CARDS.review]) {
  const rated: Record<string, unknown>[] = [];
  const asked: Record<string, unknown>[] = [];
  server.handle((request) => {
    if (request.path === '/be/api/space-repetition/custom-study/') {
      asked.push(JSON.parse(request.body));
      return { status: 200, body: customSession(kind, cards) };
    }
    if (request.path.startsWith('/be/api/space-repetition/desks/7/')) {
      return { status: 200, body: deck() };
    }
    const rating = /cards\/(\d+)\/update_difficulty\//.exec(request.path);
    if (rating) {
      const body = JSON.parse(request.body) as { difficulty: 'again' | 'good'; cram?: boolean };
      rated.push(body);
      const card = cards.find((c) => c.id === Number(rating[1])) ?? CARDS.fresh;
      const answer = body.cram
        ? cramResult(card, body.difficulty)
        : reviewResult(card, body.difficulty);
      return { status: 200, body: answer };
    }
    return { status: 404, body: { detail: 'Not found.', code: 'not_found' } };
  });
  return { rated, asked };
}

const key = (k: string) =>
  fireEvent.keyDown(window, { key: k, code: k === ' ' ? 'Space' : `Digit${k}` });
const front = () =>
  document.querySelector('article[data-card-id] [data-side="front"]')?.textContent;
const buttonLabels = () =>
  ['Again', 'Hard', 'Good', 'Easy'].map(
    (name) => screen.getByRole('button', { name }).querySelector('span')?.textContent,
  );
const counter = () => document.querySelector('ul[aria-label] li')?.textContent;

describe('custom study in the review island', () => {
  test('plays the session list, not the due queue, under its banner', async () => {
    const { asked } = backend('ahead');
    const request = { kind: 'ahead' as const, desk_id: 7, days: 3, limit: 20 };
    renderWithProviders(<DeckReview deckId={7} customStudy={request} />);
    await waitFor(() => expect(front()).toBe('Paris'));
    expect(asked).toEqual([request]);
    expect(server.hits('/be/api/space-repetition/cards/due_cards/')).toHaveLength(0);
    const banner = screen.getByRole('region', { name: 'Custom study: review ahead' });
    expect(within(banner).getByText('Ratings here count as usual reviews.')).toBeTruthy();
    expect(counter()).toBe('2 remaining in this session');
  });

  test('an ahead rating is an ordinary one: no cram field', async () => {
    const { rated } = backend('ahead', [CARDS.review]);
    renderWithProviders(<DeckReview deckId={7} customStudy={{ kind: 'ahead', desk_id: 7 }} />);
    await waitFor(() => expect(front()).toBe('Rome'));
    key(' ');
    key('3');
    await waitFor(() => expect(rated).toHaveLength(1));
    expect(rated[0]).not.toHaveProperty('cram');
    expect(await screen.findByText('Custom study finished')).toBeTruthy();
  });

  test('cram: every rating says cram, Again brings the card back as it was, the end says so', async () => {
    const { rated } = backend('cram');
    renderWithProviders(<DeckReview deckId={7} customStudy={{ kind: 'cram', desk_id: 7 }} />);
    await waitFor(() => expect(front()).toBe('Paris'));
    screen.getByRole('region', { name: 'Custom study: cram' });
    screen.getByText('Cramming: your ratings here do not change when cards are due next.');
    key(' ');
    const before = buttonLabels();
    expect(before).toEqual(['<1m', '<6m', '<10m', '8d']);

    key('1'); // Again: back at the end of the session
    await waitFor(() => expect(front()).toBe('Rome'));
    await waitFor(() => expect(rated).toHaveLength(1));
    expect(rated[0]).toMatchObject({ difficulty: 'again', cram: true });
    expect(counter()).toBe('2 remaining in this session');

    key(' ');
    key('3'); // Good: out of the session
    await waitFor(() => expect(front()).toBe('Paris'));
    await waitFor(() => expect(rated).toHaveLength(2));
    expect(rated[1]).toMatchObject({ difficulty: 'good', cram: true });
    // The server's answer (what Again would have scheduled) changed nothing shown: the same
    // state and the same next intervals on the buttons.
    expect(screen.getByText('New')).toBeTruthy();
    key(' ');
    expect(buttonLabels()).toEqual(before);

    key('3'); // Good on a new card (a 10-minute step) still ends it in a cram session
    expect(await screen.findByText('Custom study finished')).toBeTruthy();
    expect(screen.queryByText(/next card/i)).toBeNull();
    await waitFor(() => expect(rated).toHaveLength(3));
    expect(rated.every((body) => body.cram === true)).toBe(true);
    expect(server.hits('/be/api/space-repetition/cards/due_cards/')).toHaveLength(0);
  });

  test('cram: undo puts the card back without asking the server to undo a review', async () => {
    const { rated } = backend('cram', [CARDS.review]);
    renderWithProviders(<DeckReview deckId={7} customStudy={{ kind: 'cram', desk_id: 7 }} />);
    await waitFor(() => expect(front()).toBe('Rome'));
    key(' ');
    key('3');
    await waitFor(() => expect(rated).toHaveLength(1));
    await screen.findByText('Custom study finished');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(front()).toBe('Rome'));
    expect(await screen.findByText('Rating undone.')).toBeTruthy();
    expect(server.hits('/be/api/space-repetition/cards/103/undo_review/')).toHaveLength(0);
  });

  test('an empty session says nothing matched', async () => {
    backend('cram', []);
    renderWithProviders(<DeckReview deckId={7} customStudy={{ kind: 'cram', desk_id: 7 }} />);
    expect(await screen.findByText('Nothing to study')).toBeTruthy();
  });
});

describe('a session address', () => {
  test('round-trips through the review page address', () => {
    const href = customStudyHref(7, { kind: 'cram', tag: 'verbs::irregular', limit: 30 });
    expect(href).toBe('/space-repetition/7?study=1&custom=cram&tag=verbs%3A%3Airregular&limit=30');
    const query = new URL(href, 'http://x').searchParams;
    expect(customStudyFromQuery(query, 7)).toEqual({
      kind: 'cram',
      desk_id: 7,
      tag: 'verbs::irregular',
      limit: 30,
    });
  });

  test('a hand-edited address falls back to the defaults, never a bad request', () => {
    const parse = (q: string) => customStudyFromQuery(new URLSearchParams(q), 7);
    expect(parse('study=1')).toBeNull();
    expect(parse('custom=everything')).toBeNull();
    expect(parse('custom=ahead&days=900&limit=0')).toEqual({ kind: 'ahead', desk_id: 7 });
    expect(parse('custom=forgotten&days=3&tag=x')).toEqual({ kind: 'forgotten', desk_id: 7 });
  });
});
