import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { api, fail, HttpResponse } from '../shared/test/storyData.ts';
import { workload } from './test/workload.ts';
import { WorkloadPlanDialog } from './WorkloadPlanDialog.tsx';

const simulator = api.post('/space-repetition/workload/', async ({ request }) => {
  const body = (await request.json()) as { days: number };
  return HttpResponse.json(workload(body.days));
});

const meta = {
  title: 'Features/decks/WorkloadPlanDialog',
  component: WorkloadPlanDialog,
  args: { deckId: 7, open: true, onClose: fn() },
  decorators: [withSession(true), withQueryClient],
  parameters: { messages, msw: [simulator] },
} satisfies Meta<typeof WorkloadPlanDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The next 30 days: reviews a day as bars, the minutes in words. */
export const ThirtyDays: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('img', { name: /About 7 minutes/ })).toBeTruthy();
  },
};

/** Help me decide open: the suggested retention and the minutes-a-day curve. */
export const HelpMeDecide: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('button', { name: 'Help me decide' }));
    await expect(await body.findByText(/Suggested: 86%/)).toBeTruthy();
  },
};

export const Empty: Story = {
  parameters: {
    msw: [
      api.post('/space-repetition/workload/', () =>
        HttpResponse.json(
          workload(1, { days: [{ date: '2025-01-15', reviews: 0, new_cards: 0, minutes: 0 }] }),
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText(/Nothing to review/)).toBeTruthy();
  },
};

export const LoadError: Story = {
  tags: ['expected-http-errors', 'expected-console-errors'],
  parameters: {
    msw: [
      fail('post', '/space-repetition/workload/', 503, {
        detail: 'Service unavailable',
        code: 'unavailable',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('The workload could not be simulated.')).toBeTruthy();
  },
};

/** Signed out, the simulation waits: the skeleton stays. */
export const Loading: Story = { decorators: [withSession(false)] };

export const Spanish: Story = inMatrix({ locale: 'es' }, {});

export const Phone: Story = inMatrix({ viewport: 'phone' }, {});
