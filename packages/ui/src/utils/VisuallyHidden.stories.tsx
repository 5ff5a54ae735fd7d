import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CheckIcon } from '../icons/icons.tsx';
import { inMatrix } from '../test/storybook.ts';
import { VisuallyHidden } from './VisuallyHidden.tsx';

const meta = {
  title: 'UI/VisuallyHidden',
  component: VisuallyHidden,
  args: { children: ' (completed)' },
  // The hidden text inside the sentence a screen reader reads; the screen shows the rest.
  render: (args) => (
    <p style={{ display: 'flex', gap: 8, alignItems: 'center', margin: 0 }}>
      <CheckIcon />
      <span>
        Account
        <VisuallyHidden {...args} />
      </span>
    </p>
  ),
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof VisuallyHidden>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A ticked step: the tick is decorative, "(completed)" is read, not shown. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const hidden = within(canvasElement).getByText('(completed)');
    // Still in the page's text (read), but clipped to 1 px (not seen).
    expect(hidden.parentElement).toHaveTextContent('Account (completed)');
    expect(hidden.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

/**
 * Inside a link: the hidden words complete the link's accessible name. Out of the text flow, they
 * are a separate chunk of that name (a space around them), so they are whole words.
 */
export const InLinkName: Story = {
  args: { children: 'Spanish verbs' },
  render: (args) => (
    <a href="#study">
      Study
      <VisuallyHidden {...args} />
    </a>
  ),
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByRole('link', { name: 'Study Spanish verbs' })).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, Default);
