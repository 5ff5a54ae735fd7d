import type { Meta, StoryObj } from '@storybook/react-vite';
import { StarIcon } from '../../icons/icons.tsx';
import { inMatrix } from '../../test/storybook.ts';
import { Badge } from '../Badge/Badge.tsx';
import { Button } from '../Button/Button.tsx';
import { Card } from './Card.tsx';

const meta = {
  title: 'UI/Card',
  component: Card,
  args: {
    title: 'Biology 101',
    subtitle: '42 cards · 8 due today',
    children: <p style={{ margin: 0 }}>Cells, genetics and evolution.</p>,
    footer: <Button size="sm">Review</Button>,
  },
  render: (args) => (
    <div style={{ maxWidth: 360 }}>
      <Card {...args} />
    </div>
  ),
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Elevated: Story = {};

export const Outlined: Story = { args: { variant: 'outlined' } };

export const Filled: Story = { args: { variant: 'filled' } };

export const FeatureCards: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 220px)', gap: 16 }}>
      <Card
        accent="spacedRepetition"
        title="Space Repetition"
        subtitle="Review at the right moment"
        href="#sr"
      />
      <Card accent="duels" title="Duels" subtitle="Challenge your friends" href="#duels" />
      <Card accent="macroImages" title="Macro Images" subtitle="Stories that stick" href="#mi" />
      <Card
        accent="conversionTable"
        title="Conversion Table"
        subtitle="Numbers into words"
        href="#ct"
      />
    </div>
  ),
};

export const WithIconAndBadge: Story = {
  args: {
    icon: <StarIcon size={28} />,
    title: 'Standard',
    subtitle: '6.999 per month',
    children: <Badge variant="premium" />,
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, FeatureCards);

export const DarkElevated: Story = inMatrix({ theme: 'dark' });
