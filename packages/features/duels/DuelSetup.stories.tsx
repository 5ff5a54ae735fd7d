import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { desk } from '../shared/fixtures.ts';
import { withQueryClient, withSession } from '../shared/storybook.tsx';
import { ok, page } from '../shared/storyData.ts';
import { DuelSetup } from './DuelSetup.tsx';

const friends = ['bo', 'carla'].map((username, i) => ({
  id: i + 2,
  email: `${username}@example.com`,
  username,
  first_name: '',
  last_name: '',
  friendship_id: i + 10,
  friends_since: '2024-12-01T10:00:00Z',
}));

const withData = [
  ok('/friends/friendships/friend_list/', page(friends)),
  ok('/space-repetition/desks/', [desk({ id: 5, name: 'Capitals', cards_count: 12 })]),
];

const meta = {
  title: 'Features/duels/DuelSetup',
  component: DuelSetup,
  args: { kind: 'table', opponent: 'bo' },
  decorators: [withSession(true), withQueryClient],
  parameters: {
    messages,
    msw: withData,
  },
} satisfies Meta<typeof DuelSetup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Numbers: Story = {};
export const Images: Story = { args: { kind: 'images' } };
export const Desk: Story = { args: { kind: 'desk' } };
export const Custom: Story = { args: { kind: 'custom' } };

export const NoFriends: Story = {
  parameters: { msw: [ok('/friends/friendships/friend_list/', page([]))] },
};

/** Out-of-range values: the spec's messages under their fields. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const view = await canvas.findByLabelText('View time (seconds)');
    await userEvent.clear(view);
    await userEvent.type(view, '61');
    const limit = canvas.getByLabelText('Number of numbers');
    await userEvent.clear(limit);
    await userEvent.type(limit, '0');
    await userEvent.click(canvas.getByRole('button', { name: 'Send duel' }));
  },
};

/**
 * A question duel's optional view time out of range: the spec's message under it. (A custom duel
 * with no questions yet, so that the form never sends: on a fresh-clone run's docs page the desk
 * duel's form once sent `duels/create/` as if the 61 had not been typed; the cause is not found.)
 */
export const InvalidViewTime: Story = {
  args: { kind: 'custom' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const view = await canvas.findByLabelText('View time (seconds)');
    await userEvent.type(view, '61');
    await userEvent.click(canvas.getByRole('button', { name: 'Send duel' }));
    await canvas.findByText('Value must be between 1 and 60 seconds');
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });
export const Spanish: Story = inMatrix({ locale: 'es' }, { args: { kind: 'images' } });
export const Phone: Story = inMatrix({ viewport: 'phone' }, { args: { kind: 'custom' } });
