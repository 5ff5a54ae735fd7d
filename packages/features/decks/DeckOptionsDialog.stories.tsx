import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { api, HttpResponse } from '../shared/test/storyData.ts';
import { DeckOptionsDialog } from './DeckOptionsDialog.tsx';
import { presets } from './test/presets.ts';

const meta = {
  title: 'Features/decks/DeckOptionsDialog',
  component: DeckOptionsDialog,
  args: { deckId: 7, open: true, onClose: fn() },
  decorators: [withSession(true), withQueryClient],
  parameters: {
    messages,
    msw: [
      api.get('/space-repetition/presets/', () => HttpResponse.json(presets)),
      api.get('/space-repetition/desks/{id}/preset/', () => HttpResponse.json(presets[1])),
    ],
  },
} satisfies Meta<typeof DeckOptionsDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The deck follows "Languages": its limits, steps, retention, orders and easy days. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByDisplayValue('1m 10m 1h')).toBeTruthy();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, Default);

export const Spanish: Story = inMatrix({ locale: 'es' }, {});

export const Phone: Story = inMatrix({ viewport: 'phone' }, Default);
