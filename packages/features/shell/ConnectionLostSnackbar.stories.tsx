import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { withQueryClient } from '../shared/test/storybook.tsx';
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

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });

export const Phone: Story = inMatrix({ viewport: 'phone' });
