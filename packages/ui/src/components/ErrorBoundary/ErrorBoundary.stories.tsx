import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { inMatrix } from '../../test/storybook.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';

function Broken(): never {
  throw new Error('Story: a component failed to render');
}

const meta = {
  title: 'UI/ErrorBoundary',
  component: ErrorBoundary,
  // React reports the caught render error on the console; the story test allows it here only.
  tags: ['expected-console-errors'],
  args: { children: <Broken />, onReload: fn(), onError: fn() },
  parameters: { docs: { story: { height: '320px' } } },
} satisfies Meta<typeof ErrorBoundary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Fallback: Story = {};

export const Spanish: Story = inMatrix({ locale: 'es' });

export const Dark: Story = inMatrix({ theme: 'dark' });

export const NoError: Story = {
  tags: ['!expected-console-errors'],
  args: { children: <p>Everything rendered fine.</p> },
};
