import { matchKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { accountInfo, ok, page } from '../shared/test/storyData.ts';
import { MatchesPanel } from './MatchesPanel.tsx';
import { friendList, matchList } from './test/storyData.ts';

const meta = {
  title: 'Features/duels/MatchesPanel',
  component: MatchesPanel,
  decorators: [withSession(true), withQueryClient],
  parameters: {
    messages,
    msw: [
      accountInfo('standard'),
      ok('/friends/friendships/friend_list/', page(friendList)),
      ok('/duels/matches/', matchList),
    ],
  },
} satisfies Meta<typeof MatchesPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The challenge form; bo's challenge to answer, a match with carla being played, one finished. */
export const WithData: Story = {};

export const Loading: Story = { decorators: [withSession(false)] };

/** No match yet: the form and a sentence. */
export const Empty: Story = {
  parameters: {
    msw: [
      accountInfo('standard'),
      ok('/friends/friendships/friend_list/', page(friendList)),
      ok('/duels/matches/', []),
    ],
  },
};

/** No friend yet: a link to add one instead of the form. */
export const NoFriends: Story = {
  parameters: {
    msw: [
      accountInfo('standard'),
      ok('/friends/friendships/friend_list/', page([])),
      ok('/duels/matches/', []),
    ],
  },
};

export const LoadError: Story = {
  decorators: [
    withFailedQuery(matchKeys.list(), 503, { detail: 'Service unavailable', code: 'unavailable' }),
  ],
};

/** Challenge with no friend chosen: "Choose a friend." under the select, nothing sent. */
export const NoFriendChosen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Challenge' }));
    await expect(await canvas.findByText('Choose a friend.')).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });
export const Spanish: Story = inMatrix({ locale: 'es' });
export const Phone: Story = inMatrix({ viewport: 'phone' });
