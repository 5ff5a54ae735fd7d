import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { api, HttpResponse } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import type { AttachedFile } from './files.ts';
import { GenerateCards } from './GenerateCards.tsx';
import { PIXEL_PNG } from './test/storyData.ts';

const photo: AttachedFile = {
  id: 'file-1',
  name: 'biology-notes.jpg',
  type: 'image/png',
  size: 734_003,
  dataUrl: PIXEL_PNG,
  source: 'camera',
};
const upload: AttachedFile = {
  ...photo,
  id: 'file-2',
  name: 'page-12.png',
  size: 48_000,
  source: 'upload',
};

const TEXT = 'Paris - capital of France\nMadrid - capital of Spain\nRome - capital of Italy';

const meta = {
  title: 'Features/decks/GenerateCards',
  component: GenerateCards,
  decorators: [withSession(true), withQueryClient],
  args: { deckId: 7 },
  parameters: { messages },
} satisfies Meta<typeof GenerateCards>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Source: Story = {};

export const WithAttachedFiles: Story = { args: { initial: { files: [photo, upload] } } };

export const InProgress: Story = {
  args: { initial: { files: [photo, upload], generating: { step: 1, total: 2, image: true } } },
};

export const Proposals: Story = {
  args: {
    initial: {
      proposals: [
        { front: 'Paris', back: 'capital of France', kind: 'basic' },
        { front: 'Madrid', back: 'capital of Spain', kind: 'basic' },
        { front: 'What is the capital of Italy?', back: 'Rome', kind: 'qa' },
      ],
    },
  },
};

/** OCR found no text in the photo. */
export const OcrFailure: Story = {
  args: { initial: { files: [photo], start: true } },
  parameters: {
    msw: [
      api.post('/space-repetition/desks/{id}/generate_cards/', () =>
        HttpResponse.json({ source: 'image', extracted_text: '', provider: 'rules', cards: [] }),
      ),
    ],
  },
};

export const NothingToGenerate: Story = {
  args: { initial: { text: '   ', start: true } },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, { args: Proposals.args });

export const Spanish: Story = inMatrix(
  { locale: 'es' },
  { args: { initial: { text: TEXT, files: [photo] } } },
);

export const Phone: Story = inMatrix({ viewport: 'phone' }, { args: Proposals.args });
