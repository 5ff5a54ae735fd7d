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

const CLOZE_PROPOSALS = [
  {
    front: '_____ was born on _____ in _____.',
    back: 'Isaac Newton, 25 December 1642, Woolsthorpe',
    kind: 'cloze' as const,
    note: {
      note_type: 'cloze' as const,
      fields: {
        text: '{{c1::Isaac Newton}} was born on {{c2::25 December 1642}} in {{c3::Woolsthorpe}}.',
        extra: '',
      },
    },
  },
  {
    front: 'Light travels about _____ kilometres per second.',
    back: '300000',
    kind: 'cloze' as const,
    note: {
      note_type: 'cloze' as const,
      fields: {
        text: 'Light travels about {{c1::300000::a number}} kilometres per second &amp; never faster.',
        extra: 'In a vacuum.',
      },
    },
  },
  { front: 'What is the capital of Italy?', back: 'Rome', kind: 'qa' as const },
];

/** The output kind set to cloze notes, before generating. */
export const ClozeSource: Story = {
  args: { initial: { text: 'Isaac Newton was born on 25 December 1642.', output: 'cloze' } },
};

/** Cloze note proposals: the editable text and a preview marking each deletion's card. */
export const ClozeProposals: Story = {
  args: { initial: { output: 'cloze', proposals: CLOZE_PROPOSALS } },
};

/** OCR found no text in the photo. */
export const OcrFailure: Story = {
  args: { initial: { files: [photo], start: true } },
  parameters: {
    msw: [
      api.post('/space-repetition/desks/{id}/generate_cards/', () =>
        HttpResponse.json({
          source: 'image',
          extracted_text: '',
          provider: 'rules',
          cards: [],
          notes: [],
        }),
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

export const ClozeDark: Story = inMatrix({ theme: 'dark' }, { args: ClozeProposals.args });

export const ClozeSpanishPhone: Story = inMatrix(
  { locale: 'es', viewport: 'phone' },
  { args: ClozeProposals.args },
);
