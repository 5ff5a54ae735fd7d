import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/storybook.tsx';
import { shellData } from '../shared/storyData.ts';
import { TopBar } from './TopBar.tsx';

const meta = {
  title: 'Features/shell/TopBar',
  component: TopBar,
  decorators: [
    (Story) => (
      <div style={{ minHeight: 460, borderBottom: '1px solid #ddd' }}>
        <Story />
      </div>
    ),
    withQueryClient,
    withSession(true),
  ],
  parameters: { messages, layout: 'fullscreen', msw: shellData('standard') },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** The search list: submodes, decks ('unnamed deck') and chats ('unnamed chat'). */
export const SearchOpen: Story = { args: { search: { defaultOpen: true } } };

export const SearchFiltered: Story = {
  args: { search: { defaultQuery: 'duel', defaultOpen: true } },
};

/** Friend and duel requests: 'Just now', hours and days. */
export const Notifications: Story = { args: { notifications: { defaultOpen: true } } };

export const Dark: Story = inMatrix({ theme: 'dark' }, Notifications);

export const Spanish: Story = inMatrix({ locale: 'es' }, SearchOpen);

export const Phone: Story = inMatrix({ viewport: 'phone' });

export const PhoneDrawer: Story = inMatrix(
  { viewport: 'phone' },
  { args: { defaultDrawerOpen: true, currentPath: '/' } },
);
