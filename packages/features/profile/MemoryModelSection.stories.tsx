import { memoryModelKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { api, HttpResponse, ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { memoryModels } from '../shared/test/storyData.ts';
import { MemoryModelSection } from './MemoryModelSection.tsx';

const MODEL = '/space-repetition/memory-model/';

const meta = {
  title: 'Features/profile/MemoryModelSection',
  component: MemoryModelSection,
  decorators: [withSession(true), withQueryClient],
  parameters: {
    messages,
    msw: [
      ok(MODEL, memoryModels.fitted),
      api.put(MODEL, async ({ request }) => {
        const body = await request.json();
        return HttpResponse.json({ ...memoryModels.fitted, ...body });
      }),
    ],
  },
} satisfies Meta<typeof MemoryModelSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Fitted parameters schedule the learner: when, on how many reviews, held-out log losses. */
export const Fitted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/from 2,430 reviews/)).toBeVisible();
    await expect(
      canvas.getByText(/0\.312 with your parameters, 0\.352 with the defaults/),
    ).toBeVisible();
    await expect(canvas.getByLabelText(/desired retention/i)).toHaveValue(85);
  },
};

/** Fewer reviews than a fit needs: the defaults, and how many reviews are still missing. */
export const Defaults: Story = {
  parameters: { msw: [ok(MODEL, memoryModels.defaults)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/once you have 400 reviews \(120 so far\)/)).toBeVisible();
  },
};

/** The last fit predicted no better than the defaults, which stay; a new fit is running. */
export const KeptDefaults: Story = {
  parameters: { msw: [ok(MODEL, memoryModels.keptDefaults)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/no better than the defaults/)).toBeVisible();
    await expect(canvas.getByText(/being fitted now/)).toBeVisible();
  },
};

/** A retention outside 70–97 % is refused in the form, before any request. */
export const RetentionOutOfRange: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = await canvas.findByLabelText(/desired retention/i);
    await userEvent.clear(input);
    await userEvent.type(input, '99');
    await userEvent.click(canvas.getByRole('button', { name: /save retention/i }));
    await expect(await canvas.findByText('Enter a whole number from 70 to 97.')).toBeVisible();
  },
};

/** The read failed: its error and Retry. */
export const LoadError: Story = {
  decorators: [
    withFailedQuery(memoryModelKeys.model(), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};

/** Signed out, the query waits: the skeleton stays. */
export const Loading: Story = { decorators: [withSession(false)] };

export const Dark: Story = inMatrix({ theme: 'dark' }, Fitted);

export const Spanish: Story = {
  ...inMatrix({ locale: 'es' }, Defaults),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/cuando tengas 400 repasos \(120 hasta ahora\)/),
    ).toBeVisible();
  },
};

export const Phone: Story = inMatrix({ viewport: 'phone' }, Fitted);
