import type { CardSearchResult } from '@memoria/api';
import type { RecordedRequest, Reply } from '@memoria/api/test/http-server';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { CardBrowser } from './CardBrowser.tsx';
import { BAD_QUERY, CARDS, page } from './test/cards.ts';

const api = signedInApi();

/**
 * A small card store behind the test server: the search filters by `is:suspended` and sorts by
 * `lapses`, bulk suspend/unsuspend change it, and undo restores the states before the change.
 */
function serveCards(initial: CardSearchResult[] = CARDS) {
  let cards = initial.map((c) => ({ ...c }));
  const undo = new Map<number, CardSearchResult[]>();
  api.server.handle((request: RecordedRequest): Reply => {
    const url = new URL(request.path, 'http://test');
    const at = `${request.method} ${url.pathname.replace('/be/api/space-repetition', '')}`;
    if (at === 'GET /cards/search/') {
      const q = url.searchParams.get('q') ?? '';
      if (q.includes('(')) return { status: 400, body: BAD_QUERY };
      let found = q === 'is:suspended' ? cards.filter((c) => c.suspended) : cards;
      const sort = url.searchParams.get('sort');
      if (sort === 'lapses') {
        const sign = url.searchParams.get('order') === 'desc' ? -1 : 1;
        found = [...found].sort((a, b) => sign * (a.lapses - b.lapses) || a.id - b.id);
      }
      return { status: 200, body: page(found) };
    }
    if (at === 'POST /cards/bulk/') {
      const body = JSON.parse(request.body) as { card_ids: number[]; action: string };
      undo.set(1, cards);
      cards = cards.map((c) =>
        body.card_ids.includes(c.id) ? { ...c, suspended: body.action === 'suspend' } : c,
      );
      return {
        status: 200,
        body: {
          operation_id: 1,
          results: body.card_ids.map((id) => ({ card_id: id, outcome: 'done' })),
        },
      };
    }
    if (at === 'POST /cards/bulk/1/undo/') {
      cards = undo.get(1) ?? cards;
      return { status: 200, body: { operation_id: 1, restored: 1 } };
    }
    return { status: 500, body: { detail: `unscripted ${at}`, code: 'internal_error' } };
  });
}

const search = (text: string) => {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search cards' }), {
    target: { value: text },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
};

const fronts = () =>
  within(screen.getByRole('table', { name: 'Cards' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('CardBrowser', () => {
  test('a search shows the cards it finds, with their deck and state', async () => {
    serveCards();
    renderWithProviders(<CardBrowser />);
    expect(await screen.findByText('Capital of France?')).toBeTruthy();
    expect(fronts()).toEqual(['Capital of France?', 'Capital of Spain?', 'to go']);
    expect(screen.getByText('Review · Flag 1')).toBeTruthy();
    expect(screen.getByText('3 cards')).toBeTruthy();

    search('is:suspended');
    expect(await screen.findByText('No cards found')).toBeTruthy();
    const searched = api.server.hits('/be/api/space-repetition/cards/search/').at(-1);
    expect(new URL(searched?.path ?? '', 'http://t').searchParams.get('q')).toBe('is:suspended');
  });

  test("a query that does not parse shows the server's message under the box", async () => {
    serveCards();
    renderWithProviders(<CardBrowser />);
    await screen.findByText('Capital of France?');
    search('dog (cat');
    const box = screen.getByRole('searchbox', { name: 'Search cards' });
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Character 4: "(" is never closed.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('a header sorts by its column, by click or Enter, and again in the other order', async () => {
    serveCards();
    renderWithProviders(<CardBrowser />);
    await screen.findByText('Capital of France?');
    const lapses = screen.getByRole('button', { name: 'Lapses' });
    fireEvent.click(lapses);
    await waitFor(() =>
      expect(fronts()).toEqual(['to go', 'Capital of France?', 'Capital of Spain?']),
    );
    expect(screen.getByRole('columnheader', { name: /Lapses/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    fireEvent.click(screen.getByRole('button', { name: /Lapses/ }));
    await waitFor(() =>
      expect(fronts()).toEqual(['Capital of Spain?', 'Capital of France?', 'to go']),
    );
  });

  test('selects rows by keyboard, suspends them in bulk and undoes it', async () => {
    serveCards();
    renderWithProviders(<CardBrowser />);
    await screen.findByText('Capital of France?');
    const table = screen.getByRole('table', { name: 'Cards' });
    const [, first, second] = within(table).getAllByRole('row');
    fireEvent.keyDown(first as HTMLElement, { key: ' ' });
    fireEvent.click(second as HTMLElement, { shiftKey: true });
    expect(screen.getByText(/2 selected/)).toBeTruthy();
    fireEvent.keyDown(table, { key: 'a', ctrlKey: true });
    expect(screen.getByText(/3 selected/)).toBeTruthy();
    fireEvent.click(first as HTMLElement);
    expect(screen.getByText(/1 selected/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('1 card changed')).toBeTruthy();
    expect(
      JSON.parse(api.server.hits('/be/api/space-repetition/cards/bulk/')[0]?.body ?? ''),
    ).toEqual({
      action: 'suspend',
      card_ids: [1],
    });
    expect(await screen.findByText('Review · Suspended')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Change undone')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Review · Suspended')).toBeNull());
  });
});
