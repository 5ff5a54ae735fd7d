import { ratingKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { accountInfo, ok } from '../shared/test/storyData.ts';
import { RatingsPanel } from './RatingsPanel.tsx';
import { mySchools, noRatings, ratings, schoolBoard } from './test/storyData.ts';

const meta = {
  title: 'Features/duels/RatingsPanel',
  component: RatingsPanel,
  decorators: [withSession(true), withQueryClient],
  parameters: {
    messages,
    msw: [accountInfo('standard'), ok('/duels/ratings/', ratings)],
  },
} satisfies Meta<typeof RatingsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ana's table-duel and deck-duel ratings, and her friends ranked by table-duel rating. */
export const WithData: Story = {};

export const Loading: Story = { decorators: [withSession(false)] };

/** No duel rated yet. */
export const Empty: Story = {
  parameters: { msw: [accountInfo('standard'), ok('/duels/ratings/', noRatings)] },
};

export const LoadError: Story = {
  decorators: [
    withFailedQuery(ratingKeys.ratings(), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
};

export const Dark: Story = inMatrix({ theme: 'dark' });
export const Spanish: Story = inMatrix({ locale: 'es' });
export const Phone: Story = inMatrix({ viewport: 'phone' });

const schoolParameters = {
  msw: [
    accountInfo('standard'),
    ok('/auth/schools/', mySchools),
    ok('/duels/ratings/leaderboard/', schoolBoard),
    ok('/duels/ratings/', ratings),
  ],
};

/** Ana studies at Colegio del Sur: its players by table-duel rating, page 1 of 3. */
export const SchoolBoard: Story = {
  args: { initialBoard: 3 },
  parameters: schoolParameters,
};

export const SchoolBoardSpanish: Story = inMatrix(
  { locale: 'es' },
  { args: { initialBoard: 3 }, parameters: schoolParameters },
);
