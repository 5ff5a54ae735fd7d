import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { api, fail, HttpResponse } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import {
  holdMutations,
  withHeldMutations,
  withQueryClient,
  withSession,
} from '../shared/test/storybook.tsx';
import { accountInfo } from '../shared/test/storyData.ts';
import { ConversionTable, ConversionTablePage } from './ConversionTable.tsx';

/** What the server answered for "28 3141592653" (English). */
const converted = api.post('/conversiontable/convert-numbers/', () =>
  HttpResponse.json({
    language: 'en',
    results: [
      {
        number: '28',
        words: ['knife', 'nephew', 'envy', 'envoy', 'enough', 'naive'],
        splits: [],
      },
      {
        number: '3141592653',
        words: [],
        splits: [
          [
            { digits: '31415', word: 'moderately' },
            { digits: '92653', word: 'pendulum' },
          ],
          [
            { digits: '31', word: 'mouth' },
            { digits: '41', word: 'right' },
            { digits: '59', word: 'lab' },
            { digits: '26', word: 'inch' },
            { digits: '53', word: 'lamb' },
          ],
        ],
      },
    ],
  }),
);

const phrased = api.post('/conversiontable/generate-phrase/', () =>
  HttpResponse.json({
    number: '3141592653',
    language: 'en',
    phrase: 'A moderate lab won a shallow home.',
    words: [
      { digits: '3141', word: 'moderate' },
      { digits: '59', word: 'lab' },
      { digits: '2', word: 'won' },
      { digits: '65', word: 'shallow' },
      { digits: '3', word: 'home' },
    ],
    provider: 'rules',
  }),
);

const meta = {
  title: 'Features/conversion-table/ConversionTable',
  component: ConversionTable,
  args: { initialLanguage: 'en' },
  decorators: [withQueryClient, withSession(true)],
  parameters: {
    messages,
    msw: [converted, phrased],
  },
} satisfies Meta<typeof ConversionTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing converted yet: the hint and the English digit table. */
export const Empty: Story = {};

async function convert(canvasElement: HTMLElement, numbers: string) {
  const canvas = within(canvasElement);
  const [field] = canvasElement.querySelectorAll('input');
  await userEvent.type(field as HTMLInputElement, numbers);
  await userEvent.click(canvas.getByRole('button', { name: /^(convert|convertir)$/i }));
  return canvas;
}

export const Results: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await convert(canvasElement, '28 3141592653');
    await expect(await canvas.findByText('knife')).toBeVisible();
    const phraseField = canvasElement.querySelectorAll('input')[1] as HTMLInputElement;
    await userEvent.type(phraseField, '3141592653');
    await userEvent.click(canvas.getByRole('button', { name: /generate phrase|generar frase/i }));
    await expect(await canvas.findByText('A moderate lab won a shallow home.')).toBeVisible();
  },
};

/** Convert pressed, the answer not in yet: the spinner and the busy Convert button. */
export const Converting: Story = {
  decorators: [withHeldMutations],
  play: async ({ canvasElement }) => {
    holdMutations();
    const canvas = await convert(canvasElement, '28 3141592653');
    await expect(await canvas.findByText(/^(Converting|Convirtiendo)…$/)).toBeInTheDocument();
  },
};

/** Generate phrase pressed, the phrase not in yet: its spinner. */
export const PhraseLoading: Story = {
  decorators: [withHeldMutations],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    holdMutations();
    const phraseField = canvasElement.querySelectorAll('input')[1] as HTMLInputElement;
    await userEvent.type(phraseField, '3141592653');
    await userEvent.click(canvas.getByRole('button', { name: /generate phrase|generar frase/i }));
    await expect(await canvas.findByText(/^(Generating|Generando)…$/)).toBeInTheDocument();
  },
};

/** Letters typed: the spec's message shows at once, nothing is sent. */
export const InvalidInput: Story = {
  play: async ({ canvasElement }) => {
    const [field] = canvasElement.querySelectorAll('input');
    await userEvent.type(field as HTMLInputElement, '12 ab');
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/Only numbers and spaces are allowed|Solo se permiten/),
    ).toBeVisible();
  },
};

/** Convert pressed on an empty field. */
export const NoNumbers: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^(convert|convertir)$/i }));
    await expect(await canvas.findByText(/No numbers entered|No se ingresaron/)).toBeVisible();
  },
};

export const ServerError: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      fail('post', '/conversiontable/convert-numbers/', 503, {
        detail: 'Service unavailable',
        code: 'unavailable',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = await convert(canvasElement, '42');
    await expect(await canvas.findByRole('button', { name: /retry|reintentar/i })).toBeVisible();
  },
};

export const SpanishTable: Story = inMatrix({ locale: 'es' }, { args: { initialLanguage: 'es' } });

export const Dark: Story = inMatrix({ theme: 'dark' }, Results);

export const Phone: Story = inMatrix({ viewport: 'phone' }, Results);

/** The page for a free plan: the Premium modal. */
export const Gated: StoryObj<typeof ConversionTablePage> = {
  render: () => <ConversionTablePage />,
  parameters: { layout: 'fullscreen', msw: [accountInfo('free')] },
};

export const GatedSpanish: StoryObj<typeof ConversionTablePage> = inMatrix({ locale: 'es' }, Gated);
