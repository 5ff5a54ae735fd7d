import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { inMatrix } from '../../test/storybook.ts';
import { Snackbar } from './Snackbar.tsx';

const meta = {
  title: 'UI/Snackbar',
  component: Snackbar,
  // Stories stay open (no auto-hide) so they can be inspected and screenshotted.
  args: { open: true, message: 'Deck saved', autoHideDuration: null, onClose: fn() },
  decorators: [(Story) => <div style={{ minHeight: 120 }}>{Story()}</div>],
  parameters: { docs: { story: { height: '180px' } } },
} satisfies Meta<typeof Snackbar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {};

export const Success: Story = {
  args: {
    severity: 'success',
    message: 'Invitation applied successfully! Your account has been upgraded.',
  },
};

/** Spec §8: connection lost, with Retry. */
export const ConnectionLost: Story = {
  args: {
    severity: 'error',
    message: 'Connection lost. Redirecting to login...',
    action: { label: 'Retry', onClick: fn() },
  },
};

export const AutoHide: Story = {
  args: { autoHideDuration: 6000, message: 'Hides after 6 seconds' },
  // The pointer rests on it, which pauses the timer (WCAG 2.2.1): the story ends in a state that
  // lasts, so its screenshot never races the 6 s.
  play: ({ canvas, userEvent }) => userEvent.hover(canvas.getByText('Hides after 6 seconds')),
};

export const Dark: Story = inMatrix({ theme: 'dark' }, ConnectionLost);

export const Spanish: Story = inMatrix(
  { locale: 'es' },
  {
    args: {
      severity: 'error',
      message: 'Se perdió la conexión. Redirigiendo al inicio de sesión...',
      action: { label: 'Reintentar', onClick: fn() },
    },
  },
);
