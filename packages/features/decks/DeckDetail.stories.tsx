import { spaceRepetitionKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { DeckDetail } from './DeckDetail.tsx';
import { cardPage, deck, emptyPage } from './test/storyData.ts';

const meta = {
  title: 'Features/decks/DeckDetail',
  component: DeckDetail,
  decorators: [withSession(true), withQueryClient],
  args: { deckId: 7 },
  parameters: {
    messages,
    msw: [
      ok('/space-repetition/desks/{id}/', deck()),
      ok('/space-repetition/desks/{id}/cards/', cardPage),
    ],
  },
} satisfies Meta<typeof DeckDetail>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Cards: Story = {};

/** Signed out, the queries wait: the skeletons stay (no request is left hanging). */
export const Loading: Story = { decorators: [withSession(false)] };

export const EmptyDeck: Story = {
  parameters: {
    msw: [
      ok(
        '/space-repetition/desks/{id}/',
        deck({ cards_count: 0, due_count: 0, new_count: 0, remaining_today: 0 }),
      ),
      ok('/space-repetition/desks/{id}/cards/', emptyPage),
    ],
  },
};

export const SearchNoResults: Story = {
  args: { initialSearch: 'Lisbon' },
  parameters: {
    msw: [
      ok('/space-repetition/desks/{id}/', deck()),
      ok('/space-repetition/desks/{id}/cards/', emptyPage),
    ],
  },
};

export const SharedReadOnly: Story = {
  parameters: {
    msw: [
      ok(
        '/space-repetition/desks/{id}/',
        deck({ is_owner: false, can_edit: false, owner_username: 'prof_ruiz' }),
      ),
      ok('/space-repetition/desks/{id}/cards/', cardPage),
    ],
  },
};

export const NotFound: Story = {
  decorators: [
    withFailedQuery(spaceRepetitionKeys.deck(7), 404, { detail: 'Not found', code: 'not_found' }),
  ],
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });

export const Phone: Story = inMatrix({ viewport: 'phone' });
