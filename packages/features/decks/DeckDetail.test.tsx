import type { Card } from '@memoria/api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { DeckDetail } from './DeckDetail.tsx';
import { card, deck, note, noteTypes } from './test/storyData.ts';

const api = signedInApi();

describe('a deleted deck', () => {
  test('shows the not-found state with the way back to the decks, not Retry', async () => {
    api.server.handle(() => ({ status: 404, body: { detail: 'Not found.', code: 'not_found' } }));
    renderWithProviders(<DeckDetail deckId={7} />);
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(screen.getByText('This deck no longer exists: it may have been deleted.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '← All decks' }).getAttribute('href')).toBe(
      '/space-repetition',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('editing a card', () => {
  const page = (cards: Card[]) => ({
    count: cards.length,
    next: null,
    previous: null,
    results: cards,
  });
  const reply = (notes: Record<number, unknown>, cards: Card[]) => (r: { path: string }) => {
    const path = r.path.replace('/be/api/space-repetition', '').replace(/\?.*$/, '');
    if (path === '/desks/7/') return { status: 200, body: deck() };
    if (path === '/desks/7/cards/') return { status: 200, body: page(cards) };
    if (path === '/note-types/') return { status: 200, body: noteTypes };
    if (path === '/notes/preview/') return { status: 200, body: { cards: [] } };
    const id = Number(/^\/notes\/(\d+)\/$/.exec(path)?.[1]);
    if (notes[id]) return { status: 200, body: notes[id] };
    return { status: 404, body: { detail: 'Not found.', code: 'not_found' } };
  };

  test('opens the note editor for a card of a cloze note', async () => {
    const cloze = note();
    api.server.handle(reply({ 55: cloze }, cloze.cards));
    renderWithProviders(<DeckDetail deckId={7} />);
    const [first] = cloze.cards;
    await userEvent.click(
      await screen.findByRole('button', { name: `Edit card “${first?.front}”` }),
    );
    expect(await screen.findByRole('heading', { name: 'Edit note' })).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'Text' }, { timeout: 5000 })).toBeTruthy();
  });

  test('keeps the card dialog for a card made by the card form', async () => {
    const plain = card(101, 'Paris', 'capital of France');
    const basic = note({
      id: 101,
      note_type: 'basic',
      fields: { front: 'Paris', back: 'capital of France' },
      cards: [plain],
    });
    api.server.handle(reply({ 101: basic }, [plain]));
    renderWithProviders(<DeckDetail deckId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit card “Paris”' }));
    expect(await screen.findByRole('heading', { name: 'Edit card' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Front' })).toBeTruthy();
  });
});
