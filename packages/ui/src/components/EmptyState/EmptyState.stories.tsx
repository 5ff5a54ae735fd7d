import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { InboxIcon, PlusIcon } from '../../icons/icons.tsx';
import { inMatrix } from '../../test/storybook.ts';
import { Button } from '../Button/Button.tsx';
import { EmptyState } from './EmptyState.tsx';

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  args: {
    icon: <InboxIcon size={28} />,
    title: 'No decks yet',
    description: 'Create your first deck to start reviewing with spaced repetition.',
    action: (
      <Button startIcon={<PlusIcon />} onClick={fn()}>
        New deck
      </Button>
    ),
  },
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithoutAction: Story = { args: { action: undefined } };

export const Compact: Story = {
  args: { compact: true, title: 'No friends yet', description: undefined, action: undefined },
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix(
  { locale: 'es' },
  {
    args: {
      title: 'Aún no tienes mazos',
      description: 'Crea tu primer mazo para empezar a repasar con repetición espaciada.',
      action: <Button startIcon={<PlusIcon />}>Nuevo mazo</Button>,
    },
  },
);
