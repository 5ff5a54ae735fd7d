import { mnemonicsKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { api, HttpResponse } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { OwnTable } from './OwnTable.tsx';
import { majorTable, tableHandler } from './test/storyData.ts';

const meta = {
  title: 'Features/conversion-table/OwnTable',
  component: OwnTable,
  args: { language: 'en', defaultOpen: true },
  decorators: [withQueryClient, withSession(true)],
  parameters: {
    messages,
    msw: [tableHandler({ '12': 'tin', '28': 'knife', '31': 'mat' })],
  },
} satisfies Meta<typeof OwnTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three words saved, the rest prefilled with suggestions. */
export const Default: Story = {};

/** On the page, before the learner opens it: nothing is read yet. */
export const Closed: Story = { args: { defaultOpen: false } };

export const NothingSaved: Story = { parameters: { msw: [tableHandler()] } };

export const Loading: Story = { decorators: [withSession(false)] };

export const LoadError: Story = {
  decorators: [
    withFailedQuery(mnemonicsKeys.table('en'), 503, { detail: 'Unavailable', code: 'unavailable' }),
  ],
};

/** A word whose sounds encode another number: its message under its field, nothing saved. */
export const WrongWord: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      tableHandler({ '28': 'knife' }),
      // As the server answers: the failing entry named by its index in the request.
      api.put('/conversiontable/table/', async ({ request }) => {
        const { entries } = await request.json();
        const field = `entries.${entries.findIndex((e) => e.digits === '28')}.word`;
        return HttpResponse.json(
          {
            detail: `${field}: This word's sounds encode 21, not 28.`,
            code: 'validation_error',
            fields: { [field]: ["This word's sounds encode 21, not 28."] },
            field_codes: { [field]: ['word_does_not_encode'] },
          },
          { status: 400 },
        );
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByLabelText(/Word for 28|Palabra para 28/);
    await userEvent.clear(field);
    await userEvent.type(field, 'knight');
    await userEvent.click(canvas.getByRole('button', { name: /^(save|guardar)/i }));
    await expect(
      await canvas.findByText(/do not encode its number|no codifican su número/),
    ).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Saving answers the whole table with what was sent saved: every field is saved now. */
export const Saved: Story = {
  parameters: {
    msw: [
      tableHandler({ '28': 'knife' }),
      api.put('/conversiontable/table/', async ({ request }) => {
        const { entries } = await request.json();
        const sent = Object.fromEntries(entries.map((e) => [e.digits, e.word]));
        return HttpResponse.json(majorTable('en', { '28': 'knife', ...sent }));
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByLabelText(/Word for 12|Palabra para 12/);
    await userEvent.click(canvas.getByRole('button', { name: /^(save|guardar)/i }));
    await expect(await canvas.findByText(/Saved: 100 words|Guardadas: 100 palabras/)).toBeVisible();
    await expect(field).toHaveValue('tin');
    await expect(canvas.queryByText(/^(Suggestion|Sugerencia)$/)).toBeNull();
  },
};

export const Spanish: Story = inMatrix(
  { locale: 'es' },
  { args: { language: 'es', defaultOpen: true } },
);
export const Dark: Story = inMatrix({ theme: 'dark' });
export const Phone: Story = inMatrix({ viewport: 'phone' });
