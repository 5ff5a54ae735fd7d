import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '../messages.ts';
import { PurchaseConfirmation } from './PurchaseConfirmation.tsx';

const meta = {
  title: 'Features/pricing/PurchaseConfirmation',
  component: PurchaseConfirmation,
  args: {
    open: true,
    status: 'idle',
    onConfirm: fn(),
    onCancel: fn(),
    onMessageClose: fn(),
  },
  argTypes: {
    status: { control: 'select', options: ['idle', 'pending', 'error', 'redirecting'] },
  },
  parameters: { messages },
} satisfies Meta<typeof PurchaseConfirmation>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};

export const Pending: Story = { args: { status: 'pending' } };

export const PaymentError: Story = { args: { status: 'error' } };

/** The checkout opened in a new tab: the confirmation closed, the message shows. */
export const Redirecting: Story = { args: { status: 'redirecting' } };

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' }, { args: { status: 'error' } });

export const SpanishRedirecting: Story = inMatrix(
  { locale: 'es' },
  { args: { status: 'redirecting' } },
);

export const Phone: Story = inMatrix({ viewport: 'phone' });
