import { spaceRepetitionKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { DeckList } from './DeckList.tsx';
import { decks } from './test/storyData.ts';

const meta = {
  title: 'Features/decks/DeckList',
  component: DeckList,
  decorators: [withSession(true), withQueryClient],
  parameters: {
    messages,
    msw: [ok('/space-repetition/desks/', decks)],
  },
} satisfies Meta<typeof DeckList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithDecks: Story = {};

/** Signed out, the query waits: the skeletons stay (no request is left hanging). */
export const Loading: Story = { decorators: [withSession(false)] };

export const Empty: Story = { parameters: { msw: [ok('/space-repetition/desks/', [])] } };

export const LoadError: Story = {
  decorators: [
    withFailedQuery(spaceRepetitionKeys.decks(), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
};

export const SharedReadOnly: Story = {
  parameters: {
    msw: [
      ok(
        '/space-repetition/desks/',
        decks.filter((d) => !d.can_edit),
      ),
    ],
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });

export const SpanishEmpty: Story = inMatrix(
  { locale: 'es' },
  { parameters: { msw: [ok('/space-repetition/desks/', [])] } },
);

export const Phone: Story = inMatrix({ viewport: 'phone' });
