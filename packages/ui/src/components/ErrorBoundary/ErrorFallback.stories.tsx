import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { inMatrix } from '../../test/storybook.ts';
import { ErrorFallback } from './ErrorBoundary.tsx';

const meta = {
  title: 'UI/ErrorFallback',
  component: ErrorFallback,
  args: { onReload: fn() },
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof ErrorFallback>;

export default meta;
type Story = StoryObj<typeof meta>;

/** What replaces a part of the page that failed to render; Reload Page calls `onReload`. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong');
    await userEvent.click(canvas.getByRole('button', { name: 'Reload Page' }));
    expect(args.onReload).toHaveBeenCalledOnce();
  },
};

export const Spanish: Story = inMatrix({ locale: 'es' });

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Phone: Story = inMatrix({ viewport: 'phone' });
