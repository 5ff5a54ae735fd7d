import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PlusIcon, StarIcon } from '../../icons/icons.tsx';
import { inMatrix } from '../../test/storybook.ts';
import { Button } from './Button.tsx';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Start review', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'text', 'danger'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};

export const Variants: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
      <Button variant="primary">Upgrade now</Button>
      <Button variant="secondary">Maybe later</Button>
      <Button variant="text">Learn more</Button>
      <Button variant="danger">Cancel subscription</Button>
      <Button variant="primary" disabled>
        Disabled
      </Button>
    </div>
  ),
};

export const Sizes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Button size="sm">Small</Button>
      <Button size="md">Medium</Button>
      <Button size="lg">Large</Button>
    </div>
  ),
};

export const WithIcons: Story = {
  args: { startIcon: <PlusIcon />, children: 'New deck' },
  render: () => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Button startIcon={<PlusIcon />}>New deck</Button>
      <Button variant="secondary" endIcon={<StarIcon />}>
        Go premium
      </Button>
    </div>
  ),
};

export const Loading: Story = { args: { loading: true, children: 'Signing in' } };

export const AsLink: Story = { args: { href: '/pricing', children: 'See plans' } };

export const FullWidth: Story = { args: { fullWidth: true, children: 'Register' } };

export const Dark: Story = inMatrix({ theme: 'dark' }, Variants);
