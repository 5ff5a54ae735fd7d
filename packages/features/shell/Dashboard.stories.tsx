import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { shellAssigned, shellData, shellEmpty, shellFailing } from '../shared/test/storyData.ts';
import { Dashboard } from './Dashboard.tsx';

const meta = {
  title: 'Features/shell/Dashboard',
  component: Dashboard,
  decorators: [withQueryClient, withSession(true)],
  parameters: { messages, layout: 'fullscreen', msw: shellData('free') },
} satisfies Meta<typeof Dashboard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Free: Story = {};

export const Paid: Story = { parameters: { msw: shellData('standard') } };

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });

export const Phone: Story = inMatrix({ viewport: 'phone' });

/** A student whose course and subject assign decks: "Assigned", with today's cards and days left. */
export const Assigned: Story = { parameters: { msw: shellAssigned() } };

/** "Assigned" in Spanish, at phone width. */
export const AssignedSpanishPhone: Story = inMatrix(
  { locale: 'es', viewport: 'phone' },
  { parameters: { msw: shellAssigned() } },
);

/** A brand-new learner (no activity yet) is welcomed, not welcomed back. */
/** A live quiz runs in one of the learner's courses: the join form above "Assigned". */
export const LiveQuiz: Story = {
  parameters: {
    msw: [
      ok('/auth/live-quizzes/', [
        {
          id: 31,
          course_id: 5,
          course_name: 'Biology 1A',
          desk_name: 'Capitals',
          status: 'question',
          is_teacher: false,
        },
      ]),
      ...shellAssigned(),
    ],
  },
};

export const NewLearner: Story = { parameters: { msw: shellEmpty('free') } };

/** The progress calls failing: "could not load" with Retry in place of the figures. */
export const ProgressFailed: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: { msw: shellFailing('standard') },
};

/** Signed out, the calls wait: the progress figures' skeleton (no request left hanging). */
export const Loading: Story = { decorators: [withSession(false)] };
