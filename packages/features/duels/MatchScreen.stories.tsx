import { matchKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { accountInfo, ok } from '../shared/test/storyData.ts';
import { MatchScreen } from './MatchScreen.tsx';
import { matches } from './test/storyData.ts';

const at = (phase: keyof typeof matches) => ({
  msw: [accountInfo('standard'), ok('/duels/matches/{id}/', matches[phase])],
});

const meta = {
  title: 'Features/duels/MatchScreen',
  component: MatchScreen,
  decorators: [withSession(true), withQueryClient],
  args: { matchId: 7 },
  parameters: { messages, ...at('veto') },
} satisfies Meta<typeof MatchScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Bo challenged Ana to a best of three: Accept or Reject. */
export const Invited: Story = { parameters: at('invited') };

/** Ana, the challenger, vetoes first. */
export const Veto: Story = {};

/** After the vetoes, Ana picks the first game from the three left. */
export const Pick: Story = { parameters: at('pick') };

/** A game is on: Ana has not opened it yet; Bo's recall is in (its score hidden until the end). */
export const Playing: Story = { parameters: at('playing') };

/** Ana won 2–0: the score board and the winner. */
export const Finished: Story = { parameters: at('finished') };

/** Bo forfeited during game 2: Ana wins the match. */
export const Forfeited: Story = { parameters: at('forfeited') };

export const Loading: Story = { decorators: [withSession(false)] };

export const LoadError: Story = {
  decorators: [
    withFailedQuery(matchKeys.detail(7), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
};

export const Dark: Story = inMatrix({ theme: 'dark' }, { parameters: at('finished') });
export const Spanish: Story = inMatrix({ locale: 'es' }, { parameters: at('pick') });
export const Phone: Story = inMatrix({ viewport: 'phone' }, { parameters: at('finished') });
