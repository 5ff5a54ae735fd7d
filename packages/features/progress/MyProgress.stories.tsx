import { progressKeys, type TrainingSummary } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { progressData, progressEmpty, rankingAlone } from '../shared/test/storyData.ts';
import { loadChartLibrary } from './BarChart.tsx';
import { MyProgress } from './MyProgress.tsx';

/** Five Words attempts getting better and one of Numbers, for "Memory training". */
function trainingHistory() {
  const day = (n: number) => new Date(Date.UTC(2026, 10, 10 + n, 18)).toISOString();
  const attempt = (
    id: number,
    discipline: 'words' | 'numbers',
    score: number,
    max: number,
    n: number,
  ): TrainingSummary => ({
    id,
    discipline,
    options: { count: max, scoring: discipline === 'numbers' ? 'rows' : null, language: 'en' },
    score,
    max_score: max,
    memorize_ms: 60_000 - n * 3_000,
    late: false,
    personal_best: false,
    started_at: day(n),
    submitted_at: day(n),
  });
  const words = [12, 15, 14, 19, 22].map((score, n) => attempt(80 + n, 'words', score, 50, n));
  const numbers = attempt(90, 'numbers', 60, 80, 6);
  return {
    attempts: [numbers, ...[...words].reverse()],
    personal_bests: [
      { ...numbers, personal_best: true },
      { ...(words[4] as TrainingSummary), personal_best: true },
    ],
  };
}
const withTraining = (handlers: ReturnType<typeof progressData>) => [
  ...handlers,
  ok('/duels/training/', trainingHistory()),
];

const meta = {
  title: 'Features/progress/MyProgress',
  component: MyProgress,
  decorators: [withSession(true), withQueryClient],
  parameters: { messages, msw: withTraining(progressData()) },
  // The charts fetch uPlot on first use; loaded before the story renders, the charts are drawn
  // as soon as their data arrives, like on a page that already has the library.
  loaders: [
    async () => {
      await loadChartLibrary();
      return {};
    },
  ],
} satisfies Meta<typeof MyProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A learner with a streak: figures, calendar, weekly reviews, retention, forecast, year. */
export const Default: Story = {};

/** Progress but no friends yet: ranked first of one, and the friends ranking points to /friends. */
export const NoFriends: Story = {
  parameters: {
    msw: withTraining([ok('/auth/progress/ranking/', rankingAlone), ...progressData()]),
  },
};

/** Progress (from duels) but no deck: cards per deck points to Space Repetition. */
export const NoDecks: Story = { parameters: { msw: withTraining(progressData([])) } };

/** Nothing done yet: the empty state pointing to Space Repetition. */
export const NewLearner: Story = {
  parameters: {
    msw: [ok('/duels/training/', { attempts: [], personal_bests: [] }), ...progressEmpty()],
  },
};

/** Signed out, the queries wait: the skeleton stays (no request is left hanging). */
export const Loading: Story = { decorators: [withSession(false)] };

/** The progress figures failed to load: the message and Retry. */
export const LoadError: Story = {
  decorators: [
    withFailedQuery(progressKeys.summary(), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
};

/** How light a CSS colour is, 0 (black) to 1 (white), as a canvas paints it. */
function lightness(color: string): number {
  const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/**
 * Dark: both charts ("Reviews this week", "Reviews due") draw their axes and labels in the dark
 * theme's text colour, light on the dark background (they were black on #121212).
 */
export const Dark: Story = {
  ...inMatrix({ theme: 'dark' }, Default),
  play: async ({ canvasElement }) => {
    const charts = () => [...canvasElement.querySelectorAll<HTMLElement>('[data-label-color]')];
    await waitFor(() => expect(charts()).toHaveLength(2));
    for (const chart of charts()) {
      expect(lightness(chart.dataset.labelColor ?? '')).toBeGreaterThan(0.5);
    }
  },
};

export const Spanish: Story = inMatrix({ locale: 'es' });

export const Phone: Story = inMatrix({ viewport: 'phone' });
