import { spaceRepetitionKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { api, HttpResponse } from '../shared/test/storyData.ts';
import { DeckReview } from './DeckReview.tsx';
import { CARDS, customSession, deck, queue } from './test/fixtures.ts';

const handlers = (cards: Parameters<typeof queue>[0], deckOverrides = {}) => [
  ok('/space-repetition/desks/{id}/', deck(deckOverrides)),
  ok('/space-repetition/cards/due_cards/', queue(cards)),
];

const meta = {
  title: 'Features/deck-review/DeckReview',
  component: DeckReview,
  decorators: [withSession(true), withQueryClient],
  args: { deckId: 7 },
  parameters: {
    messages,
    msw: handlers([CARDS.fresh, CARDS.learning, CARDS.review]),
  },
} satisfies Meta<typeof DeckReview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NewCard: Story = {};

export const LearningCard: Story = { parameters: { msw: handlers([CARDS.learning]) } };

export const ReviewCard: Story = { parameters: { msw: handlers([CARDS.review]) } };

export const RevealedWithIntervals: Story = {
  args: { initiallyRevealed: true },
  parameters: { msw: handlers([CARDS.review, CARDS.fresh]) },
};

export const RevealedNewCard: Story = { args: { initiallyRevealed: true } };

/** A card past the page's previews whose previews could not be read: the buttons still rate. */
export const RevealedWithoutPreviews: Story = {
  args: { initiallyRevealed: true },
  parameters: { msw: handlers([{ ...CARDS.learning, intervals: null }]) },
};

export const AllDoneForToday: Story = {
  parameters: { msw: handlers([], { due_count: 0, new_count: 0, remaining_today: 0 }) },
};

export const EmptyDeck: Story = {
  parameters: {
    msw: handlers([], { cards_count: 0, due_count: 0, new_count: 0, remaining_today: 0 }),
  },
};

export const SharedReadOnly: Story = {
  parameters: {
    msw: handlers([CARDS.review], {
      is_owner: false,
      can_edit: false,
      owner_username: 'prof_ruiz',
    }),
  },
};

/** Signed out, the queue waits: the skeleton stays (no request is left hanging). */
export const Loading: Story = { decorators: [withSession(false)] };

export const LoadError: Story = {
  decorators: [
    withFailedQuery(spaceRepetitionKeys.due(7), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
};

export const Dark: Story = inMatrix({ theme: 'dark' }, { args: { initiallyRevealed: true } });

export const Spanish: Story = inMatrix({ locale: 'es' }, { args: { initiallyRevealed: true } });

export const SpanishAllDone: Story = inMatrix(
  { locale: 'es' },
  { parameters: AllDoneForToday.parameters },
);

export const Phone: Story = inMatrix({ viewport: 'phone' }, { args: { initiallyRevealed: true } });

/** A card the learner flagged orange (Ctrl+2): the flag's name by the state, a bar in its colour. */
export const FlaggedCard: Story = {
  args: { initiallyRevealed: true },
  parameters: { msw: handlers([{ ...CARDS.review, flag: 2 }, CARDS.fresh]) },
};

/** The same on a phone: More and Undo stay side by side. */
export const FlaggedPhone: Story = inMatrix(
  { viewport: 'phone' },
  { parameters: FlaggedCard.parameters },
);

const cramming = (cards: Parameters<typeof customSession>[1]) => [
  ok('/space-repetition/desks/{id}/', deck()),
  api.post('/space-repetition/custom-study/', () =>
    HttpResponse.json(customSession('cram', cards)),
  ),
];

/** A cram session (`?study=1&custom=cram`): its banner, its own counter, the same card view. */
export const CustomStudyCram: Story = {
  args: { initiallyRevealed: true, customStudy: { kind: 'cram', desk_id: 7, tag: 'capitals' } },
  parameters: { msw: cramming([CARDS.review, CARDS.fresh]) },
};

/** A custom session that matched no card: said so, with the way back. */
export const CustomStudyEmpty: Story = {
  args: { customStudy: { kind: 'cram', desk_id: 7 } },
  parameters: { msw: cramming([]) },
};
