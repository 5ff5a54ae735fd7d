import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { api, HttpResponse } from '../shared/test/storyData.ts';
import { CustomStudyDialog } from './CustomStudyDialog.tsx';
import { customSession } from './test/customStudy.ts';

const answering = (empty = false) => [
  api.post('/space-repetition/custom-study/', async ({ request }) => {
    const body = (await request.json()) as { kind: Parameters<typeof customSession>[0] };
    return HttpResponse.json(customSession(body.kind, { empty }));
  }),
];

const meta = {
  title: 'Features/decks/CustomStudyDialog',
  component: CustomStudyDialog,
  args: { deckId: 7, open: true, onClose: fn(), onStart: fn() },
  decorators: [withSession(true), withQueryClient],
  parameters: { messages, msw: answering() },
} satisfies Meta<typeof CustomStudyDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const start = async (canvasElement: HTMLElement) => {
  const body = within(canvasElement.ownerDocument.body);
  await userEvent.click(await body.findByRole('button', { name: /start studying|empezar/i }));
  return body;
};

/** Review ahead (the first kind): how many days after today, and the limit. */
export const Ahead: Story = {};

export const Forgotten: Story = { args: { initial: { kind: 'forgotten' } } };

export const ExtraNew: Story = { args: { initial: { kind: 'new' } } };

/** Cram by a tag (or the whole deck with none): ratings change no schedule. */
export const Cram: Story = { args: { initial: { kind: 'cram', tag: 'verbs::irregular' } } };

/** Values checked before the call: each wrong one said under its field. */
export const Invalid: Story = {
  args: { initial: { kind: 'ahead', days: '400', limit: '0' } },
  play: async ({ canvasElement }) => {
    const body = await start(canvasElement);
    await expect(await body.findByText(/from 1 to 365/)).toBeTruthy();
  },
};

/** The server found no card: the dialog says so and stays open. */
export const NothingMatches: Story = {
  args: { initial: { kind: 'cram', tag: 'nothing' } },
  parameters: { msw: answering(true) },
  play: async ({ canvasElement }) => {
    const body = await start(canvasElement);
    await expect(await body.findByRole('alert')).toBeTruthy();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, Cram);

export const Spanish: Story = inMatrix({ locale: 'es' }, Ahead);

export const Phone: Story = inMatrix({ viewport: 'phone' }, Ahead);
