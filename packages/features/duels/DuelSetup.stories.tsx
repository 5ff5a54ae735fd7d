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
    docs: {
      description: {
        component:
          "The set-up form of each kind of duel (`/desk-duel`, `/custom-duel`, `/images-duel`, `/numbers-duel`), mounted by `DuelSetupIsland`: the friend (preselected from `?opponent=`), name, mode and the kind's settings, checked with the spec's messages before sending. Desk and custom duels take an optional view time (each question read alone that long before its choices show). **API calls:** `GET friends/friendships/friend_list/` (no friends: NoFriends), `GET space-repetition/desks/` (desk duels), `POST duels/create/`, `duels/image-duels/` or `duels/table-duels/` (then the arena), `POST duels/generate-custom-questions/`.",
      },
    },
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

/** A desk duel's optional view time out of range: the spec's message under it. */
export const InvalidViewTime: Story = {
  args: { kind: 'desk' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByLabelText('Desk'), '5');
    await userEvent.type(canvas.getByLabelText('View time (seconds)'), '61');
    await userEvent.click(canvas.getByRole('button', { name: 'Send duel' }));
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });
export const Spanish: Story = inMatrix({ locale: 'es' }, { args: { kind: 'images' } });
export const Phone: Story = inMatrix({ viewport: 'phone' }, { args: { kind: 'custom' } });
