import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { api, HttpResponse, ok } from '../shared/test/storyData.ts';
import { NoteEditorDialog } from './NoteEditorDialog.tsx';
import { CLOZE_TEXT, clozePreview, note, noteTypes, OCCLUSION_MASKS } from './test/storyData.ts';

/** A labelled diagram as a data URL, so the story fetches no image. */
const DIAGRAM = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400">
  <rect width="640" height="400" fill="#f4f1ea"/>
  <path d="M320 360 C 120 250 80 120 190 80 C 260 55 300 100 320 130 C 340 100 380 55 450 80 C 560 120 520 250 320 360 Z" fill="#e57373" stroke="#8e2b2b" stroke-width="4"/>
  <rect x="60" y="40" width="190" height="34" fill="#fff" stroke="#555"/><text x="72" y="63" font-family="sans-serif" font-size="18">Left atrium</text>
  <rect x="360" y="200" width="190" height="34" fill="#fff" stroke="#555"/><text x="372" y="223" font-family="sans-serif" font-size="18">Right ventricle</text>
</svg>`,
)}`;

const occlusionPreview = {
  cards: [1, 2].map((ordinal) => ({
    ordinal,
    front_html: `The heart (${ordinal})`,
    back_html: `The heart (${ordinal})<br>Right ventricle`,
  })),
};

const meta = {
  title: 'Features/decks/NoteEditorDialog',
  component: NoteEditorDialog,
  args: { open: true, deckId: 7, onClose: fn(), onSaved: fn() },
  decorators: [withSession(true), withQueryClient],
  parameters: {
    messages,
    msw: [
      ok('/space-repetition/note-types/', noteTypes),
      api.post('/space-repetition/notes/preview/', async ({ request }) => {
        const body = await request.json();
        return HttpResponse.json(
          body.note_type === 'image_occlusion' ? occlusionPreview : clozePreview,
        );
      }),
      api.post('/space-repetition/notes/', () => HttpResponse.json(note(), { status: 201 })),
    ],
  },
} satisfies Meta<typeof NoteEditorDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new note: Basic, its two fields empty, the preview waiting for text. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await body.findByRole('textbox', { name: 'Front' }, { timeout: 5000 });
  },
};

/** A cloze note with two deletions: one preview per card. */
export const Cloze: Story = {
  args: {
    draft: {
      noteType: 'cloze',
      fields: { text: CLOZE_TEXT, extra: 'Not Sydney.' },
      tags: ['geography', 'capitals'],
    },
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await body.findByRole('textbox', { name: /^(Text|Texto)$/ }, { timeout: 5000 });
    const second = await body.findByRole(
      'listitem',
      { name: /^(Card|Tarjeta) 2$/ },
      { timeout: 5000 },
    );
    // The baseline shows the previews, at the foot of the dialog.
    second.scrollIntoView({ block: 'end' });
    await expect(second).toBeTruthy();
  },
};

/** An image occlusion note: the image with two masks, hide one guess one, and its previews. */
export const Occlusion: Story = {
  args: {
    draft: {
      noteType: 'image_occlusion',
      fields: {
        image: `<img src="${DIAGRAM}">`,
        masks: OCCLUSION_MASKS,
        header: 'The heart',
        back_extra: '',
      },
    },
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await body.findByRole('img', { name: 'The image to hide parts of' }, { timeout: 5000 });
    await expect(
      await body.findByRole('listitem', { name: 'Card 2' }, { timeout: 5000 }),
    ).toBeTruthy();
    // The baseline shows the masks over the image.
    body.getByRole('img', { name: 'The image to hide parts of' }).scrollIntoView();
  },
};

/** Save refused: the server's error under the field it names. */
export const Errors: Story = {
  tags: ['expected-http-errors'],
  args: { draft: { noteType: 'cloze', fields: { text: 'Canberra is the capital of Australia.' } } },
  parameters: {
    msw: [
      ok('/space-repetition/note-types/', noteTypes),
      api.post('/space-repetition/notes/preview/', () =>
        HttpResponse.json(
          {
            detail: 'Validation failed.',
            code: 'validation_error',
            fields: { 'fields.text': ['Mark a cloze deletion.'] },
            field_codes: { 'fields.text': ['cloze_deletion_required'] },
          },
          { status: 400 },
        ),
      ),
      api.post('/space-repetition/notes/', () =>
        HttpResponse.json(
          {
            detail: 'Validation failed.',
            code: 'validation_error',
            fields: { 'fields.text': ['Mark a cloze deletion.'] },
            field_codes: { 'fields.text': ['cloze_deletion_required'] },
          },
          { status: 400 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await body.findByRole('textbox', { name: 'Text' }, { timeout: 5000 });
    // The live preview has answered (the same refusal) before Save.
    await body.findByText('This note makes no card yet: fill in what it needs.', undefined, {
      timeout: 5000,
    });
    await userEvent.click(body.getByRole('button', { name: 'Save' }));
    await expect(
      await body.findByText('Mark at least one part to hide as a cloze deletion.'),
    ).toBeTruthy();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, Cloze);

export const Spanish: Story = inMatrix({ locale: 'es' }, Cloze);

export const Phone: Story = inMatrix({ viewport: 'phone' }, Cloze);
