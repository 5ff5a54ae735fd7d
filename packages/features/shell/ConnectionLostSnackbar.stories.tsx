import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { withQueryClient } from '../shared/storybook.tsx';
import { ConnectionLostSnackbar } from './ConnectionLostSnackbar.tsx';

const meta = {
  title: 'Features/shell/ConnectionLostSnackbar',
  component: ConnectionLostSnackbar,
  args: { open: true },
  decorators: [withQueryClient],
  parameters: { messages, layout: 'fullscreen' },
} satisfies Meta<typeof ConnectionLostSnackbar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const Dark: Story = { globals: { theme: 'dark' } };

export const Spanish: Story = { globals: { locale: 'es' } };

export const Phone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
