import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { AuthDialog } from './AuthDialog.tsx';

const meta = {
  title: 'Features/auth/AuthDialog',
  component: AuthDialog,
  decorators: [withQueryClient, withSession(false)],
  args: { open: true, onClose: fn(), onSuccess: fn() },
  parameters: { messages },
} satisfies Meta<typeof AuthDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Login: Story = {};

export const Register: Story = { args: { defaultTab: 'register' } };

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' }, { args: { defaultTab: 'register' } });

export const Phone: Story = inMatrix({ viewport: 'phone' });
