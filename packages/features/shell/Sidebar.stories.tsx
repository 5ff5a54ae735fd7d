import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { assertLayout, settled } from '../shared/test/layoutChecks.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { shellData, shellEmpty, shellFailing } from '../shared/test/storyData.ts';
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
    assertSidebarRows(canvasElement);
  },
} satisfies Meta<typeof SidebarNav>;

/**
 * Issue 40: each PREMIUM badge sits on its mode's row (beside the name, never under it), and no
 * history entry is wider than the sidebar (a long title ends in an ellipsis, whole in its
 * `title`).
 */
function assertSidebarRows(root: HTMLElement): void {
  const problems: string[] = [];
  for (const link of root.querySelectorAll<HTMLAnchorElement>('nav a')) {
    const badge = [...link.querySelectorAll('span')].find((el) => el.textContent === 'PREMIUM');
    if (!badge) continue;
    const b = badge.getBoundingClientRect();
    const l = link.getBoundingClientRect();
    const label = link.querySelector('span:nth-child(2)')?.getBoundingClientRect();
    if (label && b.top >= label.bottom - 1)
      problems.push(`PREMIUM wraps under "${link.textContent}"`);
    if (b.right > l.right + 1) problems.push(`PREMIUM overflows "${link.textContent}"`);
  }
  for (const label of root.querySelectorAll<HTMLElement>('nav li a > span:first-child')) {
    const text = label.textContent ?? '';
    const edge = label.closest('nav')?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY;
    if (label.getBoundingClientRect().right > edge + 1) problems.push(`"${text}" overflows`);
    if (label.scrollWidth > label.clientWidth + 1 && label.title !== text) {
      problems.push(`"${text}" is cut without its title`);
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

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

/** A chat named by a long question: one line ending in an ellipsis, the whole title on hover. */
export const LongChatTitle: Story = {
  parameters: {
    msw: shellData('free', {
      chatTitle: 'Tell me a story for the number 3141592653 with the words of my French verbs deck',
    }),
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
