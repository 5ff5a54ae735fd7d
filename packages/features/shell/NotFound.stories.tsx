import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { NotFound } from './NotFound.tsx';

const meta = {
  title: 'Features/shell/NotFound',
  component: NotFound,
  parameters: { messages, layout: 'fullscreen' },
} satisfies Meta<typeof NotFound>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Dark: Story = { globals: { theme: 'dark' } };

export const Spanish: Story = { globals: { locale: 'es' } };

export const Phone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
