import type { FieldErrorCode } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { api, HttpResponse } from '../shared/test/storyData.ts';
import { AnkiImportDialog, ImportProgress } from './AnkiImportDialog.tsx';

const IMPORT = '/space-repetition/anki-import/';
const CSV_IMPORT = '/space-repetition/csv-import/';
const PACKAGE = new File([new Uint8Array(180_000)], 'geography.apkg');
const CSV = new File(['front,back\r\nSpain,Madrid\r\n'], 'capitals.csv', { type: 'text/csv' });

const SUMMARY = {
  desks: [
    { id: 41, name: 'Geography::Capitals', cards: 3 },
    { id: 42, name: 'Geography', cards: 1 },
  ],
  cards_imported: 4,
  reviews_imported: 5,
  skipped: [
    { note_id: 13, reason: 'cloze' as const },
    { note_id: 14, reason: 'cloze' as const },
    { note_id: 15, reason: 'empty' as const },
  ],
};

const meta = {
  title: 'Features/decks/AnkiImportDialog',
  component: AnkiImportDialog,
  args: { open: true, onClose: fn() },
  decorators: [withSession(true), withQueryClient],
  parameters: {
    messages,
    msw: [api.post(IMPORT, () => HttpResponse.json(SUMMARY, { status: 201 }))],
  },
} satisfies Meta<typeof AnkiImportDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: Import is disabled. */
export const ImportChoose: Story = {};

/** A package chosen: its name and size, Import enabled. */
export const ImportChosen: Story = { args: { initialFile: PACKAGE } };

async function startImport(canvasElement: HTMLElement) {
  const body = within(canvasElement.ownerDocument.body);
  const dialog = within(await body.findByRole('dialog'));
  await userEvent.click(dialog.getByRole('button', { name: /^import$|^importar$/i }));
  return { body, dialog };
}

/** Import sent and answered: the summary with links to the new decks and the skipped notes. */
export const ImportDone: Story = {
  args: { initialFile: PACKAGE },
  play: async ({ canvasElement }) => {
    const { dialog } = await startImport(canvasElement);
    await expect(await dialog.findByRole('status')).toHaveTextContent(/4|cards|tarjetas/i);
    await expect(dialog.getByRole('link', { name: 'Geography::Capitals' })).toBeVisible();
  },
};

/**
 * A package whose media the reader could not use: notes whose only content on a side is an image
 * the package lacks, a sound or a video, or whose card template it cannot render are skipped and
 * counted by reason; the rest is imported.
 */
export const ImportDoneMediaSkipped: Story = {
  args: { initialFile: PACKAGE },
  parameters: {
    msw: [
      api.post(IMPORT, () =>
        HttpResponse.json(
          {
            desks: [{ id: 44, name: 'Languages::Vocabulary', cards: 12 }],
            cards_imported: 12,
            reviews_imported: 30,
            skipped: [
              { note_id: 21, reason: 'missing_media' as const },
              { note_id: 22, reason: 'missing_media' as const },
              { note_id: 23, reason: 'unsupported_media' as const },
              { note_id: 24, reason: 'unsupported_media' as const },
              { note_id: 25, reason: 'unsupported_media' as const },
              { note_id: 26, reason: 'unsupported_template' as const },
            ],
          },
          { status: 201 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const { dialog } = await startImport(canvasElement);
    const summary = await dialog.findByRole('status');
    await expect(summary).toHaveTextContent(/6/);
    await expect(dialog.getByRole('link', { name: 'Languages::Vocabulary' })).toBeVisible();
    // The decks, then one line per skip reason with its count.
    const [, reasons] = within(summary).getAllByRole('list');
    await expect(within(reasons as HTMLElement).getAllByRole('listitem')).toHaveLength(3);
  },
};

/** The upload under way (40 % sent). */
export const ImportUploading: Story = {
  render: () => <ImportProgress progress={{ loaded: 72_000, total: 180_000 }} />,
};

/** The file is sent; the server is importing it. */
export const ImportProcessing: Story = {
  render: () => <ImportProgress progress={{ loaded: 180_000, total: 180_000 }} />,
};

/**
 * A refused package: the reason's own message under the file, nothing imported. Each export
 * writes its error tags itself: Storybook's index reads tags from the export's literal, not from
 * what a function returns, and the docs-page check reads them from the index.
 */
function refused(code: FieldErrorCode): Story {
  return {
    args: { initialFile: PACKAGE },
    parameters: {
      msw: [
        api.post(IMPORT, () =>
          HttpResponse.json(
            {
              detail: 'Some fields are not valid.',
              code: 'validation_error',
              fields: { file: ['(English text)'] },
              field_codes: { file: [code] },
            },
            { status: 400 },
          ),
        ),
      ],
    },
    play: async ({ canvasElement }) => {
      const { dialog } = await startImport(canvasElement);
      await expect(await dialog.findByRole('alert')).toBeVisible();
    },
  };
}

export const ImportRefusedNotAZip: Story = {
  ...refused('anki_not_a_zip'),
  tags: ['expected-console-errors', 'expected-http-errors'],
};
export const ImportRefusedNoCollection: Story = {
  ...refused('anki_no_collection'),
  tags: ['expected-console-errors', 'expected-http-errors'],
};
export const ImportRefusedCorrupt: Story = {
  ...refused('anki_corrupt_collection'),
  tags: ['expected-console-errors', 'expected-http-errors'],
};
export const ImportRefusedTooLarge: Story = {
  ...refused('anki_too_large'),
  tags: ['expected-console-errors', 'expected-http-errors'],
};
export const ImportRefusedTooManyCards: Story = {
  ...refused('anki_too_many_cards'),
  tags: ['expected-console-errors', 'expected-http-errors'],
};
export const ImportRefusedMediaType: Story = {
  ...refused('anki_media_type'),
  tags: ['expected-console-errors', 'expected-http-errors'],
};
/** The package's media map or one of its media files cannot be read: nothing is imported. */
export const ImportRefusedCorruptMedia: Story = {
  ...refused('anki_corrupt_media'),
  tags: ['expected-console-errors', 'expected-http-errors'],
};
export const ImportRefusedNoFile: Story = {
  ...refused('anki_file_required'),
  tags: ['expected-console-errors', 'expected-http-errors'],
};

/** A CSV file imported: one new deck with its cards, no reviews. */
export const CsvDone: Story = {
  args: { initialFile: CSV },
  parameters: {
    msw: [
      api.post(CSV_IMPORT, () =>
        HttpResponse.json(
          {
            desks: [{ id: 43, name: 'capitals', cards: 52 }],
            cards_imported: 52,
            reviews_imported: 0,
            skipped: [],
          },
          { status: 201 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const { dialog } = await startImport(canvasElement);
    await expect(await dialog.findByRole('link', { name: 'capitals' })).toBeVisible();
  },
};

/** A refused CSV file: each bad row with its number, column and why; nothing imported. */
export const CsvRefusedRows: Story = {
  args: { initialFile: CSV },
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      api.post(CSV_IMPORT, () =>
        HttpResponse.json(
          {
            detail: '3 rows of the CSV file cannot be imported; the first 3 are listed.',
            code: 'validation_error',
            fields: {
              'rows.3': ['Must have 2 columns.'],
              'rows.7.front': ['This field may not be blank.'],
              'rows.12.back': ['Must not contain control characters.'],
            },
            field_codes: {
              'rows.3': ['csv_column_count'],
              'rows.7.front': ['blank'],
              'rows.12.back': ['control_characters'],
            },
          },
          { status: 400 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const { dialog } = await startImport(canvasElement);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(/12/);
  },
};

export const CsvRefusedNotUtf8: Story = {
  args: { initialFile: CSV },
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      api.post(CSV_IMPORT, () =>
        HttpResponse.json(
          {
            detail: 'The CSV file is not UTF-8 text.',
            code: 'validation_error',
            fields: { file: ['The CSV file is not UTF-8 text.'] },
            field_codes: { file: ['csv_not_utf8'] },
          },
          { status: 400 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const { dialog } = await startImport(canvasElement);
    await expect(await dialog.findByRole('alert')).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, ImportChosen);

export const Spanish: Story = inMatrix({ locale: 'es' }, ImportChosen);

export const SpanishDone: Story = inMatrix({ locale: 'es' }, ImportDone);

export const SpanishRefused: Story = {
  ...inMatrix({ locale: 'es' }, ImportRefusedNotAZip),
  tags: ['expected-console-errors', 'expected-http-errors'],
};

export const SpanishDoneMediaSkipped: Story = inMatrix({ locale: 'es' }, ImportDoneMediaSkipped);

export const SpanishRefusedCorruptMedia: Story = {
  ...inMatrix({ locale: 'es' }, ImportRefusedCorruptMedia),
  tags: ['expected-console-errors', 'expected-http-errors'],
};

export const SpanishUploading: Story = inMatrix({ locale: 'es' }, ImportUploading);

export const SpanishCsvRefusedRows: Story = {
  ...inMatrix({ locale: 'es' }, CsvRefusedRows),
  tags: ['expected-console-errors', 'expected-http-errors'],
};

export const Phone: Story = inMatrix({ viewport: 'phone' }, ImportDone);
