import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { assertLayout, settled } from '../shared/layoutChecks.ts';
import { withQueryClient, withSession } from '../shared/storybook.tsx';
import { shellData, shellEmpty, shellFailing } from '../shared/storyData.ts';
import { SidebarNav } from './Sidebar.tsx';

const meta = {
  title: 'Features/shell/Sidebar',
  component: SidebarNav,
  args: { currentPath: '/space-repetition' },
  decorators: [
    (Story) => (
      <div style={{ width: 260, height: 720, borderInlineEnd: '1px solid #ddd' }}>
        <Story />
      </div>
    ),
    withQueryClient,
    withSession(true),
  ],
  parameters: { messages, layout: 'fullscreen', msw: shellData('free') },
  // No mode name or history entry breaks inside a word ("Macroimágen / es").
  play: async ({ canvasElement }) => {
    await settled(canvasElement);
    assertLayout(canvasElement, ['words']);
  },
} satisfies Meta<typeof SidebarNav>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Free plan: PREMIUM on every mode but Space Repetition; history with unnamed deck and chat. */
export const Free: Story = {};

export const Paid: Story = { parameters: { msw: shellData('standard') } };

/**
 * A 1280×800 laptop, where the right panel (and its friends) is hidden: the Friends link is the
 * way to the friends page, current there (issue 40).
 */
export const LaptopOnFriends: Story = inMatrix(
  { viewport: 'laptop' },
  { args: { currentPath: '/friends' } },
);

/** An Enterprise account on `/schools`: the Schools link shows, marked as the current page. */
export const Enterprise: Story = {
  args: { currentPath: '/schools' },
  parameters: { msw: shellData('enterprise') },
};

/** Enterprise+ (an organisation's owner) also manages schools: the link shows. */
export const EnterprisePlus: Story = { parameters: { msw: shellData('enterprise_plus') } };

export const EnterpriseSpanish: Story = inMatrix(
  { locale: 'es' },
  { args: { currentPath: '/schools/3' }, parameters: { msw: shellData('enterprise') } },
);

/**
 * Signed out, the queries wait: the history's skeleton (no request left hanging). It stays busy,
 * so its play checks the layout without waiting for the placeholder to go.
 */
export const HistoryLoading: Story = {
  decorators: [withSession(false)],
  play: async ({ canvasElement }) => {
    await document.fonts.ready;
    assertLayout(canvasElement, ['words']);
  },
};

/** No history yet (also what a 501 from an unbuilt operation shows). */
export const EmptyHistory: Story = {
  parameters: { msw: shellEmpty('free') },
};

/** The history call failed: could not load, with Retry. */
export const HistoryFailed: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: { msw: shellFailing('free') },
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });
