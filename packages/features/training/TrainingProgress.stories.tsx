import { trainingKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { accountInfo, ok } from '../shared/test/storyData.ts';
import { TrainingProgress } from './TrainingProgress.tsx';
import { history } from './test/storyData.ts';

const meta = {
  title: 'Features/training/TrainingProgress',
  component: TrainingProgress,
  decorators: [withSession(true), withQueryClient],
  parameters: {
    messages,
    msw: [accountInfo('standard'), ok('/duels/training/', history())],
  },
} satisfies Meta<typeof TrainingProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Eight Names & Faces attempts getting better and one of Numbers: bests and two charts. */
export const WithHistory: Story = {};

export const Loading: Story = { decorators: [withSession(false)] };

/** No attempt yet: a sentence and a link to /training. */
export const Empty: Story = {
  parameters: {
    msw: [accountInfo('standard'), ok('/duels/training/', { attempts: [], personal_bests: [] })],
  },
};

export const LoadError: Story = {
  decorators: [
    withFailedQuery(trainingKeys.history(), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
};

export const Dark: Story = inMatrix({ theme: 'dark' });
export const Spanish: Story = inMatrix({ locale: 'es' });
export const Phone: Story = inMatrix({ viewport: 'phone' });
