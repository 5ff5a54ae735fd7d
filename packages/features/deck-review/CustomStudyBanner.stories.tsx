import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { CustomStudyBanner } from './CustomStudyBanner.tsx';

const meta = {
  title: 'Features/deck-review/CustomStudyBanner',
  component: CustomStudyBanner,
  args: { kind: 'cram', cram: true },
  parameters: { messages },
} satisfies Meta<typeof CustomStudyBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Cramming: the ratings change no due date. */
export const Cram: Story = {};

/** Review ahead: the ratings count as usual reviews. */
export const Ahead: Story = { args: { kind: 'ahead', cram: false } };

export const Dark: Story = inMatrix({ theme: 'dark' }, Cram);

export const Spanish: Story = inMatrix({ locale: 'es' }, Ahead);
