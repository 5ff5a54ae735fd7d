import { type DuelRequest, duelKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { accountInfo, ok, page } from '../shared/test/storyData.ts';
import { DuelsHome } from './DuelsHome.tsx';
import {
  friendList,
  history,
  leaderboard,
  matchList,
  noRatings,
  noStats,
  ratings,
  requests,
  stats,
} from './test/storyData.ts';

const withData = [
  accountInfo('standard'),
  ok('/duels/duel-requests/', requests),
  ok('/duels/history/', page(history)),
  ok('/duels/stats/user/', stats),
  ok('/duels/stats/friends-leaderboard/', leaderboard),
  ok('/duels/ratings/', ratings),
  ok('/friends/friendships/friend_list/', page(friendList)),
  ok('/duels/matches/', matchList),
];
const empty = [
  accountInfo('standard'),
  ok('/duels/duel-requests/', []),
  ok('/duels/history/', page([])),
  ok('/duels/stats/user/', noStats),
  ok('/duels/stats/friends-leaderboard/', { my_rank: 1, entries: leaderboard.entries.slice(1) }),
  ok('/duels/ratings/', noRatings),
  ok('/friends/friendships/friend_list/', page(friendList)),
  ok('/duels/matches/', []),
];

const meta = {
  title: 'Features/duels/DuelsHome',
  component: DuelsHome,
  decorators: [withSession(true), withQueryClient],
  parameters: {
    messages,
    msw: withData,
  },
} satisfies Meta<typeof DuelsHome>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithData: Story = {};

export const Loading: Story = { decorators: [withSession(false)] };

export const Empty: Story = { parameters: { msw: empty } };

/** The history failed: its message and Retry; the other lists still show. */
export const LoadError: Story = {
  decorators: [
    withFailedQuery(duelKeys.history(1), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
};

/** The learner's own results failed: their message and Retry; the other sections still show. */
export const StatsLoadError: Story = {
  decorators: [
    withFailedQuery(duelKeys.stats(), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
};

export const SpanishStatsLoadError: Story = inMatrix({ locale: 'es' }, StatsLoadError);

/** A free account presses Accept on bo's request: the Premium modal, no call to respond/. */
export const FreePlanAccept: Story = {
  parameters: { msw: [accountInfo('free'), ...withData.slice(1)] },
  play: async ({ canvasElement }) => {
    const accept = await within(canvasElement).findByRole('button', { name: 'Accept' });
    await waitFor(() => expect(accept).toBeEnabled());
    await userEvent.click(accept);
    await within(document.body).findByRole('dialog', { name: 'Duels' });
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });
export const Spanish: Story = inMatrix({ locale: 'es' });
export const Phone: Story = inMatrix({ viewport: 'phone' });
export const PhoneDarkSpanish: Story = inMatrix({ viewport: 'phone', theme: 'dark', locale: 'es' });
export const EmptyDarkSpanish: Story = inMatrix({ theme: 'dark', locale: 'es' }, Empty);

/** bo asks for a deck duel: "Count my answers as reviews" beside Accept, ticked here. */
export const DeckRequest: Story = {
  parameters: {
    msw: [
      ...withData.filter((h) => h !== withData[1]),
      ok('/duels/duel-requests/', [
        { ...(requests[0] as DuelRequest), id: 8, duel_type: 'desk', duel_id: 61 },
      ]),
    ],
  },
  play: async ({ canvasElement }) => {
    const box = await within(canvasElement).findByRole('checkbox', {
      name: 'Count my answers as reviews',
    });
    await userEvent.click(box);
    await expect(box).toBeChecked();
  },
};
