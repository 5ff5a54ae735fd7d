import type { Meta, StoryObj } from '@storybook/react-vite';
import { inMatrix } from '../test/storybook.ts';
import { vars } from './contract.css.ts';
import { light } from './tokens.ts';

const swatches = Object.keys(light.color).filter(
  (k) => k !== 'scrim',
) as (keyof typeof light.color)[];

function Palette() {
  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: 12,
        }}
      >
        {swatches.map((name) => (
          <figure key={name} style={{ margin: 0, display: 'grid', gap: 4 }}>
            <div
              style={{
                height: 48,
                borderRadius: 8,
                background: vars.color[name],
                border: `1px solid ${vars.color.divider}`,
              }}
            />
            <figcaption style={{ fontSize: 12, color: vars.color.textMuted }}>{name}</figcaption>
          </figure>
        ))}
      </div>
      <div style={{ display: 'grid', gap: 8 }}>
        {(['display', 'xxl', 'xl', 'lg', 'md', 'sm', 'xs'] as const).map((size) => (
          <span key={size} style={{ fontSize: vars.fontSize[size], lineHeight: 1.2 }}>
            {size}: Remember more, study less
          </span>
        ))}
      </div>
    </div>
  );
}

const meta = {
  title: 'UI/Theme',
  component: Palette,
  parameters: {
    docs: {
      story: { inline: true },
      description: {
        component:
          'Every colour token as a swatch and the type scale, in the theme of the story (the `Dark` story shows the dark theme). The full tables, with values and contrast ratios, are under Foundations.',
      },
    },
  },
} satisfies Meta<typeof Palette>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Light: Story = {};

export const Dark: Story = inMatrix({ theme: 'dark' });
