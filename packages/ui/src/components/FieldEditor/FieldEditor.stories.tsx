import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { inMatrix } from '../../test/storybook.ts';
import { FieldEditor, type FieldEditorProps } from './FieldEditor.tsx';

/**
 * A small picture (a cell) as a blob URL, so the story fetches nothing: the editor refuses `data:`
 * images, as fields keep media by URL.
 */
const CELL_IMAGE = URL.createObjectURL(
  new Blob(
    [
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="72" viewBox="0 0 120 72"><ellipse cx="60" cy="36" rx="56" ry="32" fill="#cde8d5" stroke="#2e7d4f" stroke-width="3"/><circle cx="60" cy="36" r="13" fill="#7b5ea7"/></svg>',
    ],
    { type: 'image/svg+xml' },
  ),
);

/** Holds the field's HTML as the feature code will: the editor is controlled. */
function Controlled(props: FieldEditorProps) {
  const [html, setHtml] = useState(props.value);
  return (
    <FieldEditor
      {...props}
      value={html}
      onChange={(next) => {
        setHtml(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/FieldEditor',
  component: FieldEditor,
  args: {
    label: 'Front',
    value: '',
    onChange: fn(),
    onUploadMedia: fn(async (file: File) => ({ url: URL.createObjectURL(file) })),
  },
  render: (args) => <Controlled {...args} />,
  decorators: [(Story) => <div style={{ maxWidth: 640 }}>{Story()}</div>],
} satisfies Meta<typeof FieldEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The editor is made after the first render: its toolbar is enabled once it is there. */
async function ready(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const bold = await canvas.findByRole('button', { name: /^(Bold|Negrita)/ });
  await waitFor(() => expect(bold).toBeEnabled());
  return canvas;
}

export const Empty: Story = {
  args: { helperText: 'Paste or drop images; Ctrl+Shift+C makes a cloze.' },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
  },
};

const FILLED =
  'The <b>mitochondria</b> is the <i>powerhouse</i> of the <u>cell</u>: it makes ATP<sub>n</sub>' +
  ' from <span style="color: #c62828">glucose</span> and O<sup>2</sup>.<br>' +
  '<ul><li>outer membrane</li><li>inner membrane (<code>cristae</code>)</li></ul>' +
  `<img src="${CELL_IMAGE}" alt="A cell"> See <a href="https://en.wikipedia.org/wiki/Mitochondrion" target="_blank" rel="noopener noreferrer nofollow">the article</a>.`;

export const Filled: Story = {
  args: { label: 'Back', value: FILLED },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
  },
};

/** Two cloze deletions, the second with a hint, as Ctrl+Shift+C writes them. */
export const Cloze: Story = {
  args: {
    label: 'Text',
    value: '{{c1::Paris}} is the capital of {{c2::France::a country}}.',
    helperText: 'Select a word and press Ctrl+Shift+C for the next cloze.',
  },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
  },
};

export const MathPreview: Story = {
  args: { label: 'Back', value: 'Mass–energy equivalence: ' },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Math' }));
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'LaTeX' }),
      'E = mc^2 + \\frac{1}{2}mv^2',
    );
    // KaTeX is loaded when the panel opens.
    await waitFor(() => expect(canvasElement.querySelector('.katex')).not.toBeNull());
  },
};

export const WithError: Story = {
  args: { label: 'Text', value: 'No cloze here.', error: 'Add at least one cloze deletion' },
  play: Empty.play,
};

export const Disabled: Story = {
  args: { label: 'Back', value: FILLED, disabled: true },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('textbox', { name: 'Back' });
  },
};

// The learner's own colour is theirs to choose; this one reads on the dark surface.
export const Dark: Story = inMatrix(
  { theme: 'dark' },
  { ...Filled, args: { ...Filled.args, value: FILLED.replace('#c62828', '#ef9a9a') } },
);

export const Spanish: Story = inMatrix(
  { locale: 'es' },
  { args: { label: 'Anverso', value: 'La <b>mitocondria</b> produce ATP.' }, play: Empty.play },
);

export const Phone: Story = inMatrix({ viewport: 'phone' }, Filled);
