import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { inMatrix } from '../../test/storybook.ts';
import { Chip } from './Chip.tsx';

const meta = {
  title: 'UI/Chip',
  component: Chip,
  args: { label: 'Essential' },
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof Chip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

function ConsentChips() {
  const [chosen, setChosen] = useState<Record<string, boolean>>({
    essential: true,
    analytics: false,
    preferences: true,
  });
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      {(['essential', 'analytics', 'preferences'] as const).map((key) => (
        <Chip
          key={key}
          label={key[0]?.toUpperCase() + key.slice(1)}
          selected={chosen[key]}
          onClick={() => setChosen((c) => ({ ...c, [key]: !c[key] }))}
        />
      ))}
    </div>
  );
}

/** Toggle chips (cookie banner). */
export const Selectable: Story = { render: () => <ConsentChips /> };

export const Deletable: Story = { args: { label: 'Biology', onDelete: fn() } };

export const FeatureColors: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Chip label="Space Repetition" color="spacedRepetition" />
      <Chip label="Duels" color="duels" />
      <Chip label="Macro Images" color="macroImages" />
      <Chip label="Conversion Table" color="conversionTable" />
      <Chip label="Primary" color="primary" />
    </div>
  ),
};

export const Dark: Story = inMatrix(
  { theme: 'dark' },
  {
    render: () => (
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <ConsentChips />
        <Chip label="Biology" onDelete={fn()} />
        <Chip label="Duels" color="duels" />
      </div>
    ),
  },
);
