import type { CardSearchResult } from '@memoria/api';
import type { RecordedRequest, Reply } from '@memoria/api/test/http-server';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, test } from 'vitest';
import { deck } from '../shared/test/fixtures.ts';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { CardBrowser } from './CardBrowser.tsx';
import { BAD_QUERY, BASIC_TYPE, CARDS, noteOf, page } from './test/cards.ts';

const api = signedInApi();

/** Ana's decks: two of her own and one shared with her (not a place to move cards to). */
const DECKS = [
  deck({ id: 7, name: 'Capitals' }),
  deck({ id: 8, name: 'Verbs' }),
  deck({ id: 9, name: 'Shared anatomy', is_owner: false, can_edit: true }),
];

/**
 * A small card store behind the test server: the search filters by `is:suspended` and sorts by
 * `lapses`; bulk suspend/unsuspend, move and delete change it, and undo restores the cards before
 * the change; a row's note is read and saved (its front is the row's).
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
      const body = JSON.parse(request.body) as {
        card_ids: number[];
        action: string;
        desk_id?: number;
      };
      undo.set(1, cards);
      const picked = (c: CardSearchResult) => body.card_ids.includes(c.id);
      const target = DECKS.find((d) => d.id === body.desk_id);
      if (body.action === 'delete') cards = cards.filter((c) => !picked(c));
      else if (body.action === 'move' && target) {
        cards = cards.map((c) =>
          picked(c) ? { ...c, desk_id: target.id, desk_name: target.name } : c,
        );
      } else {
        cards = cards.map((c) => (picked(c) ? { ...c, suspended: body.action === 'suspend' } : c));
      }
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
      return { status: 200, body: { restored: 1 } };
    }
    if (at === 'GET /desks/') return { status: 200, body: DECKS };
    if (at === 'GET /note-types/') return { status: 200, body: [BASIC_TYPE] };
    if (at === 'POST /notes/preview/') return { status: 200, body: { cards: [] } };
    const noteAt = /^(GET|PUT) \/notes\/(\d+)\/$/.exec(at);
    const row = cards.find((c) => c.note_id === Number(noteAt?.[2]));
    if (noteAt && row && noteAt[1] === 'GET') return { status: 200, body: noteOf(row) };
    if (noteAt && row) {
      const body = JSON.parse(request.body) as { fields: { front: string; back: string } };
      cards = cards.map((c) => (c.id === row.id ? { ...c, front: body.fields.front } : c));
      return { status: 200, body: noteOf({ ...row, front: body.fields.front }) };
    }
    return { status: 500, body: { detail: `unscripted ${at}`, code: 'internal_error' } };
  });
}

/** The width the browser takes as desktop (a side panel) or not (a dialog). */
function atWidth(desktop: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: desktop,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  });
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

const bulkBodies = () =>
  api.server.hits('/be/api/space-repetition/cards/bulk/').map((r) => JSON.parse(r.body));

/** Chooses an action from the bulk menu by keyboard: Enter opens it, arrows reach the item. */
async function chooseByKeyboard(name: string) {
  const trigger = screen.getByRole('button', { name: 'Actions' });
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
  const items = await screen.findAllByRole('menuitem');
  const index = items.findIndex((item) => item.textContent === name);
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < index; i++) {
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' });
  }
  expect(document.activeElement?.textContent).toBe(name);
  // A button's Enter is the browser's own click: user-event plays it, fireEvent would not.
  await userEvent.keyboard('{Enter}');
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

    await chooseByKeyboard('Suspend');
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

  test('Shift+arrows extend the selection from the focused row', async () => {
    serveCards();
    renderWithProviders(<CardBrowser />);
    await screen.findByText('Capital of France?');
    const [, first, second, third] = within(
      screen.getByRole('table', { name: 'Cards' }),
    ).getAllByRole('row');
    (first as HTMLElement).focus();
    fireEvent.keyDown(first as HTMLElement, { key: ' ' });
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowDown', shiftKey: true });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second as HTMLElement, { key: 'ArrowDown', shiftKey: true });
    expect(screen.getByText(/3 selected/)).toBeTruthy();
    expect(third?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(third as HTMLElement, { key: 'ArrowUp', shiftKey: true });
    expect(screen.getByText(/2 selected/)).toBeTruthy();
    expect(third?.getAttribute('aria-selected')).toBe('false');
  });

  test('delete asks first, saying how many cards, and Undo brings them back', async () => {
    serveCards();
    renderWithProviders(<CardBrowser />);
    await screen.findByText('Capital of France?');
    const table = screen.getByRole('table', { name: 'Cards' });
    const [, first, second] = within(table).getAllByRole('row');
    fireEvent.click(first as HTMLElement);
    fireEvent.click(second as HTMLElement, { shiftKey: true });

    await chooseByKeyboard('Delete…');
    const confirm = await screen.findByRole('dialog', { name: 'Delete 2 cards?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bulkBodies()).toEqual([]);

    await chooseByKeyboard('Delete…');
    const again = await screen.findByRole('dialog', { name: 'Delete 2 cards?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete 2 cards' }));
    expect(await screen.findByText('2 cards changed')).toBeTruthy();
    expect(bulkBodies()).toEqual([{ action: 'delete', card_ids: [1, 2] }]);
    await waitFor(() => expect(fronts()).toEqual(['to go']));

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(fronts()).toEqual(['Capital of France?', 'Capital of Spain?', 'to go']),
    );
  });

  test('moves the selection into one of the learner’s own decks', async () => {
    serveCards();
    renderWithProviders(<CardBrowser />);
    await screen.findByText('Capital of France?');
    const [, first] = within(screen.getByRole('table', { name: 'Cards' })).getAllByRole('row');
    fireEvent.click(first as HTMLElement);
    await chooseByKeyboard('Move to deck…');
    const dialog = await screen.findByRole('dialog', { name: 'Move 1 card to a deck' });
    const select = (await within(dialog).findByRole('combobox', {
      name: 'Deck',
    })) as HTMLSelectElement;
    await waitFor(() =>
      expect([...select.options].map((o) => o.textContent)).toEqual(['Capitals', 'Verbs']),
    );
    fireEvent.change(select, { target: { value: '8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('1 card changed')).toBeTruthy();
    expect(bulkBodies()).toEqual([{ action: 'move', card_ids: [1], desk_id: 8 }]);
  });

  test('at desktop width Enter opens the note beside the table, and saving updates the row', async () => {
    atWidth(true);
    serveCards();
    renderWithProviders(<CardBrowser />);
    await screen.findByText('Capital of France?');
    const [, first] = within(screen.getByRole('table', { name: 'Cards' })).getAllByRole('row');
    fireEvent.keyDown(first as HTMLElement, { key: 'Enter' });
    const panel = await screen.findByRole('complementary', { name: 'Edit note' });
    expect(screen.queryByRole('dialog')).toBeNull();
    const box = await within(panel).findByRole('textbox', { name: 'Front' }, { timeout: 20_000 });
    const editor = (box as HTMLElement & { editor: Editor }).editor;
    act(() => {
      editor.chain().focus().selectAll().insertContent('Capital of Italy?').run();
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fronts()[0]).toBe('Capital of Italy?'));
    // The table stays usable beside the open panel.
    expect(screen.getByRole('complementary', { name: 'Edit note' })).toBeTruthy();
  }, 40_000);

  test('at phone width the note opens in a dialog', async () => {
    atWidth(false);
    serveCards();
    renderWithProviders(<CardBrowser />);
    await screen.findByText('Capital of France?');
    const [, first] = within(screen.getByRole('table', { name: 'Cards' })).getAllByRole('row');
    fireEvent.keyDown(first as HTMLElement, { key: 'Enter' });
    expect(await screen.findByRole('dialog', { name: 'Edit note' })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Edit note' })).toBeNull();
  });
});
