import { cardSearchKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { deck } from '../shared/test/fixtures.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { api, HttpResponse } from '../shared/test/storyData.ts';
import { CardBrowser } from './CardBrowser.tsx';
import { BAD_QUERY, BASIC_TYPE, CARDS, noteOf, page } from './test/cards.ts';

const SEARCH = '/space-repetition/cards/search/';

const meta = {
  title: 'Features/card-browser/CardBrowser',
  component: CardBrowser,
  decorators: [withSession(true), withQueryClient],
  parameters: { messages, msw: [ok(SEARCH, page(CARDS))] },
} satisfies Meta<typeof CardBrowser>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every card: the table with a flagged card and a new one. */
export const Default: Story = {};

/** Nothing found. */
export const Empty: Story = { parameters: { msw: [ok(SEARCH, page([]))] } };

/** The search failed: the message and Retry. */
export const LoadError: Story = {
  decorators: [
    withFailedQuery(cardSearchKeys.search({}), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
};

/** A query that does not parse: the server's message under the box. */
export const BadQuery: Story = {
  decorators: [withFailedQuery(cardSearchKeys.search({}), 400, BAD_QUERY)],
};

/** Two rows selected by keyboard: Space on the first, Shift+ArrowDown to the second. */
async function selectTwo(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const table = await canvas.findByRole('table', { name: 'Cards' });
  const [, first] = within(table).getAllByRole('row');
  (first as HTMLElement).focus();
  await userEvent.keyboard(' {Shift>}{ArrowDown}{/Shift}');
  await canvas.findByText(/2 selected/);
  return canvas;
}

/** Two cards selected and the Actions menu open: every bulk action by keyboard. */
export const BulkMenu: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await selectTwo(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Actions' }));
    await expect(await canvas.findByRole('menuitem', { name: 'Delete…' })).toBeVisible();
  },
};

/** Delete asks first, saying how many cards go. */
export const DeleteConfirm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await selectTwo(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Actions' }));
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Delete…' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('dialog', { name: 'Delete 2 cards?' })).toBeVisible();
  },
};

/** Moving two cards: the learner's own decks to choose from. */
export const MoveDialog: Story = {
  parameters: {
    msw: [
      ok(SEARCH, page(CARDS)),
      ok('/space-repetition/desks/', [
        deck({ id: 7, name: 'Capitals' }),
        deck({ id: 8, name: 'Verbs' }),
      ]),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = await selectTwo(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Actions' }));
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Move to deck…' }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Move 2 cards to a deck' });
    await within(dialog).findByRole('option', { name: 'Verbs' });
  },
};

/** At desktop width, Enter on a row opens its note beside the table (a dialog on a phone). */
export const NotePanel: Story = {
  parameters: {
    msw: [
      ok(SEARCH, page(CARDS)),
      ok('/space-repetition/note-types/', [BASIC_TYPE]),
      ok('/space-repetition/notes/{id}/', noteOf(CARDS[0] as (typeof CARDS)[number])),
      api.post('/space-repetition/notes/preview/', () => HttpResponse.json({ cards: [] })),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Cards' });
    const [, first] = within(table).getAllByRole('row');
    (first as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const panel = await canvas.findByRole('complementary', { name: 'Edit note' });
    await within(panel).findByRole('textbox', { name: 'Front' }, { timeout: 10_000 });
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });

export const Phone: Story = inMatrix({ viewport: 'phone' });
