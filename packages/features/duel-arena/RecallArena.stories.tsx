import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '../messages.ts';
import { RecallArenaView } from './RecallArena.tsx';
import { finishedImages, finishedTable, imageDuel, ME, tableDuel } from './test/storyData.ts';

const meta = {
  title: 'Features/duel-arena/RecallArena',
  component: RecallArenaView,
  args: { duel: imageDuel(), myId: ME, onSubmit: fn() },
  parameters: {
    messages,
  },
} satisfies Meta<typeof RecallArenaView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MemorizePictures: Story = {};

export const MemorizeNumbers: Story = { args: { duel: tableDuel() } };

export const Waiting: Story = {
  args: {
    duel: tableDuel({
      status: 'waiting',
      my_phase: 'waiting',
      numbers: [],
      memorize_ends_at: null,
      recall_ends_at: null,
    }),
  },
};

/** 3-2-1 on the server's clock before the items show (none are sent yet). */
export const Countdown: Story = {
  args: {
    duel: imageDuel({
      my_phase: 'countdown',
      items: [],
      memorize_ends_at: '2025-01-15T10:30:33.000Z',
    }),
  },
};

export const RecallNumbers: Story = {
  args: {
    duel: tableDuel({
      my_phase: 'recall',
      numbers: [],
      recall_ends_at: '2025-01-15T10:31:00.000Z',
    }),
  },
};

export const RecallPictures: Story = {
  args: {
    duel: imageDuel({ my_phase: 'recall', items: [], recall_ends_at: '2025-01-15T10:31:00.000Z' }),
  },
};

/** The recall time ran out on the server's clock: the grid takes no submission any more. */
export const TimeUp: Story = {
  args: {
    duel: tableDuel({
      my_phase: 'recall',
      numbers: [],
      recall_ends_at: '2025-01-15T10:30:00.000Z',
    }),
  },
};

export const Submitted: Story = { args: { duel: tableDuel({ my_phase: 'submitted' }) } };

/** A win: both scores, and each correct item with what the viewer recalled under it. */
export const Result: Story = { args: { duel: finishedTable() } };
export const Lose: Story = { args: { duel: finishedTable('lose') } };

/** An image duel won: each picture with its name, and under it the name the viewer recalled. */
export const ImageResult: Story = { args: { duel: finishedImages() } };
export const Draw: Story = { args: { duel: finishedTable('draw') } };

/** The friend rejected the request: the duel will not be played. */
export const Cancelled: Story = {
  args: {
    duel: imageDuel({
      status: 'cancelled',
      my_phase: 'waiting',
      items: [],
      memorize_ends_at: null,
      recall_ends_at: null,
    }),
  },
};

/** The friend's connection dropped while the caller recalls: the duel goes on. */
export const OpponentAway: Story = {
  args: {
    duel: tableDuel({
      my_phase: 'recall',
      numbers: [],
      recall_ends_at: '2025-01-15T10:31:00.000Z',
      opponent_connected: false,
    }),
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });
export const SpanishOpponentAway: Story = inMatrix(
  { locale: 'es' },
  { args: { duel: imageDuel({ opponent_connected: false }) } },
);
export const Spanish: Story = inMatrix(
  { locale: 'es' },
  { args: { duel: tableDuel({ my_phase: 'recall', numbers: [] }) } },
);
export const Phone: Story = inMatrix({ viewport: 'phone' }, { args: { duel: tableDuel() } });
export const PhoneDarkSpanish: Story = inMatrix(
  { viewport: 'phone', theme: 'dark', locale: 'es' },
  { args: { duel: finishedTable() } },
);

// The key phases in the other cells of the matrix: dark on a desktop, Spanish on a phone.
export const WaitingDark: Story = inMatrix({ theme: 'dark' }, Waiting);
export const WaitingPhoneSpanish: Story = inMatrix({ viewport: 'phone', locale: 'es' }, Waiting);
export const CountdownDark: Story = inMatrix({ theme: 'dark' }, Countdown);
export const CountdownPhoneSpanish: Story = inMatrix(
  { viewport: 'phone', locale: 'es' },
  Countdown,
);
export const TimeUpDark: Story = inMatrix({ theme: 'dark' }, TimeUp);
export const TimeUpPhoneSpanish: Story = inMatrix({ viewport: 'phone', locale: 'es' }, TimeUp);
export const SubmittedDark: Story = inMatrix({ theme: 'dark' }, Submitted);
export const SubmittedPhoneSpanish: Story = inMatrix(
  { viewport: 'phone', locale: 'es' },
  Submitted,
);
export const LoseDark: Story = inMatrix({ theme: 'dark' }, Lose);
export const LosePhoneSpanish: Story = inMatrix({ viewport: 'phone', locale: 'es' }, Lose);
export const ImageResultPhoneDarkSpanish: Story = inMatrix(
  { viewport: 'phone', theme: 'dark', locale: 'es' },
  { args: { duel: finishedImages('lose') } },
);
