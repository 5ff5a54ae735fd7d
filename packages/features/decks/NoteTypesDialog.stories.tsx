import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { api, HttpResponse, ok } from '../shared/test/storyData.ts';
import { NoteTypesDialog } from './NoteTypesDialog.tsx';
import { noteTypes } from './test/storyData.ts';

const meta = {
  title: 'Features/decks/NoteTypesDialog',
  component: NoteTypesDialog,
  args: { open: true, onClose: fn() },
  decorators: [withSession(true), withQueryClient],
  parameters: {
    messages,
    msw: [
      ok('/space-repetition/note-types/', noteTypes),
      api.post('/space-repetition/notes/preview/', () =>
        HttpResponse.json({
          cards: [{ ordinal: 1, front_html: 'word', back_html: 'word<hr id="answer">meaning' }],
        }),
      ),
    ],
  },
} satisfies Meta<typeof NoteTypesDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The learner's own types (the stock ones are not listed). */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('Vocabulary')).toBeTruthy();
  },
};

/** Editing one: fields, both templates and the saved type's preview. */
export const Editing: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('button', { name: 'Edit Vocabulary' }));
    await expect(body.getByRole('textbox', { name: 'Front template' })).toBeTruthy();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, List);

export const Phone: Story = inMatrix({ viewport: 'phone' }, Editing);
