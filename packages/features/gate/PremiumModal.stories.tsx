import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '../messages.ts';
import { PremiumModal } from './PremiumModal.tsx';

const meta = {
  title: 'Features/gate/PremiumModal',
  component: PremiumModal,
  args: { open: true, title: 'macroImages', onClose: fn() },
  argTypes: {
    title: {
      control: 'select',
      options: [
        'macroImages',
        'conversionTable',
        'advancedDuels',
        'deskDuels',
        'duels',
        'imageDuels',
        'tableDuels',
        'customDuels',
      ],
    },
  },
  parameters: { messages },
} satisfies Meta<typeof PremiumModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MacroImages: Story = {};

export const DeckDuels: Story = { args: { title: 'deskDuels' } };

export const Dark: Story = inMatrix({ theme: 'dark' }, { args: { title: 'conversionTable' } });

export const Spanish: Story = inMatrix({ locale: 'es' }, { args: { title: 'duels' } });

export const Phone: Story = inMatrix({ viewport: 'phone' });
