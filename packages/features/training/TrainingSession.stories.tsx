import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '../messages.ts';
import { TrainingSession } from './TrainingSession.tsx';
import { attempt } from './test/storyData.ts';

const meta = {
  title: 'Features/training/TrainingSession',
  component: TrainingSession,
  args: { attempt: attempt('numbers'), onSubmit: fn() },
  parameters: { messages },
} satisfies Meta<typeof TrainingSession>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 80 digits in two rows of 40, in groups of four, with the memorise clock and Recall now. */
export const NumbersMemorise: Story = {};
/** The digit grid, typed row by row. */
export const NumbersRecall: Story = { args: { phase: 'recall' } };

export const ImagesMemorise: Story = { args: { attempt: attempt('images') } };
/** Each sequence's pictures shuffled, to put back in order. */
export const ImagesRecall: Story = { args: { attempt: attempt('images'), phase: 'recall' } };

export const WordsMemorise: Story = { args: { attempt: attempt('words') } };
export const WordsRecall: Story = { args: { attempt: attempt('words'), phase: 'recall' } };

export const NamesMemorise: Story = { args: { attempt: attempt('names') } };
/** The faces shuffled, a first and a last name field under each. */
export const NamesRecall: Story = { args: { attempt: attempt('names'), phase: 'recall' } };

export const CardsMemorise: Story = { args: { attempt: attempt('cards') } };
/** The 52-card picker, empty order. */
export const CardsRecall: Story = { args: { attempt: attempt('cards'), phase: 'recall' } };

/** The submission failed: its message beside Submit, which may be pressed again. */
export const SubmitError: Story = {
  args: {
    attempt: attempt('words'),
    phase: 'recall',
    error: new Error('network'),
  },
};

export const NumbersRecallDark: Story = inMatrix({ theme: 'dark' }, NumbersRecall);
export const NumbersRecallPhone: Story = inMatrix({ viewport: 'phone' }, NumbersRecall);
export const ImagesRecallPhoneSpanish: Story = inMatrix(
  { viewport: 'phone', locale: 'es' },
  ImagesRecall,
);
export const NamesMemoriseDark: Story = inMatrix({ theme: 'dark' }, NamesMemorise);
export const NamesRecallPhoneDarkSpanish: Story = inMatrix(
  { viewport: 'phone', theme: 'dark', locale: 'es' },
  NamesRecall,
);
export const CardsRecallSpanish: Story = inMatrix({ locale: 'es' }, CardsRecall);
export const CardsRecallPhone: Story = inMatrix({ viewport: 'phone' }, CardsRecall);
export const WordsMemorisePhone: Story = inMatrix({ viewport: 'phone' }, WordsMemorise);
