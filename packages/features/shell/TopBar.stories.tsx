import { queryKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { assertLayout, settled } from '../shared/test/layoutChecks.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { shellData } from '../shared/test/storyData.ts';
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
  // No label or placeholder breaks inside a word.
  play: async ({ canvasElement }) => {
    await settled(canvasElement);
    assertLayout(canvasElement, ['words']);
  },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Also: every control shows a visible focus ring (the EN/ES switch included). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await settled(canvasElement);
    assertLayout(canvasElement, ['focus', 'words']);
  },
};

/** The search list: submodes, decks ('unnamed deck') and chats ('unnamed chat'). */
export const SearchOpen: Story = { args: { search: { defaultOpen: true } } };

export const SearchFiltered: Story = {
  args: { search: { defaultQuery: 'duel', defaultOpen: true } },
};

/** The deck search failed: the list says it could not load, with Retry, not "No results". */
export const SearchFailed: Story = {
  args: { search: { defaultOpen: true } },
  decorators: [
    withFailedQuery(queryKeys.search.decks(''), 503, {
      detail: 'The service is unavailable.',
      code: 'unavailable',
    }),
  ],
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

export const PhoneSpanish: Story = inMatrix({ locale: 'es', viewport: 'phone' });

/** The drawer in Spanish on a phone: the longest mode names beside PREMIUM badges. */
export const PhoneDrawerSpanish: Story = inMatrix(
  { locale: 'es', viewport: 'phone' },
  { args: { defaultDrawerOpen: true, currentPath: '/' }, parameters: { msw: shellData('free') } },
);

/** No network, and a new version of the app took over: "Offline" and "Updated" (issue 46). */
export const OfflineAndUpdated: Story = { args: { offline: true, updated: true } };
