import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '../messages.ts';
import { TrainingStartView } from './TrainingStartView.tsx';
import { DISCIPLINES, history } from './test/storyData.ts';

const meta = {
  title: 'Features/training/TrainingStartView',
  component: TrainingStartView,
  args: {
    disciplines: DISCIPLINES,
    history: { attempts: [], personal_bests: [] },
    onStart: fn(),
  },
  parameters: { messages },
} satisfies Meta<typeof TrainingStartView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No attempts yet: the five disciplines, Numbers chosen with its count and scoring. */
export const Start: Story = {};
/** Names & Faces chosen after eight attempts: the bests and the chart. */
export const WithHistory: Story = { args: { history: history(), initial: 'names' } };
/** Numbers' own options: the count (10 to 400) and the scoring, rows or digits. */
export const NumbersOptions: Story = { args: { history: history(), initial: 'numbers' } };
/** Cards: a fixed deck of 52, no count. */
export const Cards: Story = { args: { initial: 'cards' } };
/** The start failed: its message beside Start. */
export const StartError: Story = { args: { error: new Error('network') } };
/** The history still loading: the form alone. */
export const Empty: Story = { args: { history: undefined } };

export const WithHistoryDark: Story = inMatrix({ theme: 'dark' }, WithHistory);
export const WithHistorySpanish: Story = inMatrix({ locale: 'es' }, WithHistory);
export const WithHistoryPhone: Story = inMatrix({ viewport: 'phone' }, WithHistory);
export const StartPhoneDarkSpanish: Story = inMatrix(
  { viewport: 'phone', theme: 'dark', locale: 'es' },
  Start,
);
/** Numbers' scoring on a 390 px phone in Spanish: the long WMC label wraps beside its radio. */
export const NumbersOptionsPhoneSpanish: Story = inMatrix(
  { viewport: 'phone', locale: 'es' },
  NumbersOptions,
);
