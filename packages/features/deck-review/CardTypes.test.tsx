/**
 * The review of each card type, against a real HTTP server (as DeckReview.test.tsx): cloze,
 * type-in, image occlusion, sounds (auto-play, R), speech and math, from the server's markup.
 */
import {
  $reviewSettings,
  $session,
  ACCESS_TOKEN_KEY,
  DEFAULT_REVIEW_SETTINGS,
  REFRESH_TOKEN_KEY,
  setNavigate,
  setReviewSettings,
} from '@memoria/api';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { DeckReview } from './DeckReview.tsx';
import { deck, MEDIA, NOTE_CARDS, queue, reviewResult } from './test/fixtures.ts';

let server: TestServer;
/** The sources the page asked to play, in order (happy-dom plays nothing itself). */
let played: string[];

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
  $reviewSettings.set({ ...DEFAULT_REVIEW_SETTINGS });
  setNavigate(vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => {});
  played = [];
  vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    played.push(this.getAttribute('src') ?? '');
    return Promise.resolve();
  });
});
afterEach(() => vi.restoreAllMocks());

type Card = (typeof NOTE_CARDS)[keyof typeof NOTE_CARDS];

/** One deck whose queue is `cards`; media answer bytes; ratings are recorded. */
function backend(cards: Card[]) {
  const rated: string[] = [];
  server.handle((request) => {
    if (request.path.startsWith('/be/api/space-repetition/media/')) {
      return { status: 200, body: 'bytes', headers: { 'Content-Type': 'audio/mpeg' } };
    }
    if (request.path.startsWith('/be/api/space-repetition/cards/due_cards/')) {
      return { status: 200, body: queue(cards) };
    }
    if (request.path.includes('/update_difficulty/')) {
      rated.push(request.path);
      return { status: 200, body: reviewResult(cards[0] as Card, 'good') };
    }
    return { status: 200, body: deck() };
  });
  return rated;
}

const key = (k: string, target: Element | Window = window) =>
  fireEvent.keyDown(target, { key: k, code: k === ' ' ? 'Space' : `Key${k.toUpperCase()}` });
const side = (name: 'front' | 'back') =>
  document.querySelector(`article[data-card-id] [data-side="${name}"]`);

describe('the review of each card type', () => {
  test('cloze: the deletion asked as its hint, then answered and highlighted, the extra below', async () => {
    backend([NOTE_CARDS.cloze]);
    renderWithProviders(<DeckReview deckId={7} />);
    await waitFor(() => expect(side('front')?.querySelector('.cloze')?.textContent).toBe('[city]'));
    expect(side('front')?.querySelector('.cloze-inactive')?.textContent).toBe('France');

    key(' ');
    const back = side('back');
    expect(back?.querySelector('.cloze')?.textContent).toBe('Paris');
    expect(back?.querySelector('.cloze-extra')?.textContent).toBe('It has been since 508.');
  });

  test('type-in: typing goes to the box and neither reveals nor rates; Enter reveals the diff', async () => {
    const rated = backend([NOTE_CARDS.typeIn]);
    renderWithProviders(<DeckReview deckId={7} />);
    const box = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Type the answer' });
    await waitFor(() => expect(document.activeElement).toBe(box));

    for (const k of ['R', 'o', ' ', '3', 'a']) key(k, box);
    fireEvent.change(box, { target: { value: 'Ro 3a' } });
    expect(screen.queryByTestId('answer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show answer' })).toBeTruthy();
    expect(rated).toEqual([]);

    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    const diff = await screen.findByTestId('type-in-diff');
    expect(screen.queryByRole('textbox')).toBeNull();
    const lines = [...diff.querySelectorAll('code')].map((line) =>
      [...line.querySelectorAll('[data-diff]')].map(
        (span) => `${span.getAttribute('data-diff')}:${span.textContent}`,
      ),
    );
    // The typed line: right characters and the wrong ones; the expected line: what was missed.
    expect(lines).toEqual([
      ['ok:Ro', 'extra: 3', 'ok:a'],
      ['ok:Ro', 'missing:m', 'ok:a'],
    ]);
    expect(diff.textContent).toContain('Your answer, then the right one');

    // Revealed and out of the box: 3 rates again.
    key('3');
    await waitFor(() => expect(rated).toHaveLength(1));
  });

  test('type-in: the right answer shows as right, on its own line', async () => {
    backend([NOTE_CARDS.typeIn]);
    renderWithProviders(<DeckReview deckId={7} />);
    const box = await screen.findByRole('textbox', { name: 'Type the answer' });
    fireEvent.change(box, { target: { value: ' Roma ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    const diff = await screen.findByTestId('type-in-diff');
    expect(diff.querySelectorAll('code')).toHaveLength(1);
    expect(diff.textContent).toBe('RightRoma');
  });

  test('occlusion: the asked mask highlighted over the image, the others covered; revealed on the back', async () => {
    backend([NOTE_CARDS.occlusion]);
    renderWithProviders(<DeckReview deckId={7} />);
    const image = await screen.findByRole('img', { name: 'Map' });
    // The image comes through the media resolver: one request with the token, an object URL.
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    const [media] = server.hits(MEDIA.map);
    expect(media?.headers.authorization).toBe('Bearer access-1');
    const masks = () =>
      [...document.querySelectorAll('[data-mask]')].map((m) => m.getAttribute('data-mask'));
    expect(masks()).toEqual(['hidden', 'asked', 'hidden']);
    expect(side('front')?.textContent).toContain('Which region is it?');

    key(' ');
    // The answer shows the same image with the asked group outlined, and only that image.
    await waitFor(() => expect(masks()).toEqual(['hidden', 'revealed', 'hidden']));
    expect(screen.getAllByRole('img', { name: 'Map' })).toHaveLength(1);
    expect(side('back')?.textContent).toContain('The orange one: the centre.');
  });

  test('sounds: auto-play follows the setting, and R replays them through RichContent', async () => {
    setReviewSettings({ autoPlay: false });
    backend([NOTE_CARDS.audio]);
    renderWithProviders(<DeckReview deckId={7} />);
    await screen.findByRole('button', { name: 'Play sound' });
    await act(async () => {});
    expect(played).toEqual([]);

    // R where the learner is: the page (RichContent listens on the document).
    key('r', document.body);
    await waitFor(() => expect(played).toHaveLength(1));
    expect(played[0]).toMatch(/^blob:/);
    expect(server.hits(MEDIA.sound)).toHaveLength(1);
  });

  test('sounds: with auto-play on (the default) the front plays as it shows', async () => {
    backend([NOTE_CARDS.audio]);
    renderWithProviders(<DeckReview deckId={7} />);
    await waitFor(() => expect(played).toHaveLength(1));
    expect(played[0]).toMatch(/^blob:/);
  });

  test('speech off shows the words instead of a speak button', async () => {
    setReviewSettings({ speech: false });
    backend([NOTE_CARDS.speech]);
    renderWithProviders(<DeckReview deckId={7} />);
    await waitFor(() =>
      expect(side('front')?.querySelector('[lang="es-ES"]')?.textContent).toBe('perro'),
    );
    expect(screen.queryByRole('button', { name: /Speak/ })).toBeNull();
  });

  test('math is typeset on both sides', async () => {
    backend([NOTE_CARDS.math]);
    renderWithProviders(<DeckReview deckId={7} />);
    await waitFor(() => expect(side('front')?.querySelector('.katex')).toBeTruthy());
    key(' ');
    expect(side('back')?.querySelector('.katex')).toBeTruthy();
  });
});
