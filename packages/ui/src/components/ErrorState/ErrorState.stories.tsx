import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { inMatrix } from '../../test/storybook.ts';
import { ErrorState } from './ErrorState.tsx';

const meta = {
  title: 'UI/ErrorState',
  component: ErrorState,
  args: {
    title: 'Could not load your friends',
    description: 'The connection was lost. Check your network and try again.',
    retryLabel: 'Retry',
    onRetry: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** The reason alone, when the section's own heading already says what failed. */
export const WithoutTitle: Story = { args: { title: undefined } };

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix(
  { locale: 'es' },
  {
    args: {
      title: 'No se pudieron cargar tus amigos',
      description: 'Se perdió la conexión. Revisa tu red e inténtalo de nuevo.',
      retryLabel: 'Reintentar',
    },
  },
);
