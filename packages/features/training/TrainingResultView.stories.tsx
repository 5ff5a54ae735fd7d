import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '../messages.ts';
import { TrainingResultView } from './TrainingResultView.tsx';
import { attempt, notBest, result } from './test/storyData.ts';

const meta = {
  title: 'Features/training/TrainingResultView',
  component: TrainingResultView,
  args: { attempt: attempt('numbers'), result: result('numbers'), onAgain: fn() },
  parameters: { messages },
} satisfies Meta<typeof TrainingResultView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 80 digits by rows: the first row with one mistake (20), the second incomplete (0). */
export const NumbersResult: Story = {};
/** Major-System help: the missed groups with the learner's table words (one has none). */
export const NumbersMissedGroups: Story = {
  args: {
    result: result('numbers', {
      missed_groups: [
        { start: 2, digits: '31', word: 'mat' },
        { start: 10, digits: '09', word: null },
      ],
    }),
  },
};
export const NumbersMissedGroupsPhoneSpanish: Story = inMatrix(
  { viewport: 'phone', locale: 'es' },
  NumbersMissedGroups,
);
export const ImagesResult: Story = {
  args: { attempt: attempt('images'), result: result('images') },
};
/** "candel" forgiven (one letter off, six letters); a skipped word shifts nothing. */
export const WordsResult: Story = { args: { attempt: attempt('words'), result: result('words') } };
export const NamesResult: Story = { args: { attempt: attempt('names'), result: result('names') } };
/** Speed cards: the cards up to the first error count. */
export const CardsResult: Story = { args: { attempt: attempt('cards'), result: result('cards') } };

/** A new personal best: the badge beside the discipline. */
export const PersonalBest: Story = {
  args: { attempt: attempt('words'), result: result('words') },
};
/** Not a best: the best so far instead of the badge. */
export const NotBest: Story = { args: { attempt: attempt('words'), result: notBest('words') } };
/** Submitted after the recall time (and its grace): scored, but never a personal best. */
export const Late: Story = {
  args: {
    attempt: attempt('words'),
    result: {
      ...notBest('words'),
      attempt: { ...notBest('words').attempt, late: true },
    },
  },
};

export const NamesResultDark: Story = inMatrix({ theme: 'dark' }, NamesResult);
export const NamesResultPhoneSpanish: Story = inMatrix(
  { viewport: 'phone', locale: 'es' },
  NamesResult,
);
export const NumbersResultPhone: Story = inMatrix({ viewport: 'phone' }, NumbersResult);
export const CardsResultPhoneDarkSpanish: Story = inMatrix(
  { viewport: 'phone', theme: 'dark', locale: 'es' },
  CardsResult,
);
