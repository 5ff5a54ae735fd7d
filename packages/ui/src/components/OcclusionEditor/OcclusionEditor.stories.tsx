import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { inMatrix } from '../../test/storybook.ts';
import {
  OcclusionEditor,
  type OcclusionEditorProps,
  type OcclusionMode,
  type OcclusionValue,
} from './OcclusionEditor.tsx';

/** A labelled diagram as a data URL, so the story fetches nothing. */
const DIAGRAM = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400">
  <rect width="640" height="400" fill="#f4f1ea"/>
  <path d="M320 360 C 120 250 80 120 190 80 C 260 55 300 100 320 130 C 340 100 380 55 450 80 C 560 120 520 250 320 360 Z" fill="#e57373" stroke="#8e2b2b" stroke-width="4"/>
  <rect x="40" y="30" width="150" height="34" fill="#fff" stroke="#555"/><text x="52" y="53" font-family="sans-serif" font-size="18">Left atrium</text>
  <rect x="450" y="30" width="160" height="34" fill="#fff" stroke="#555"/><text x="462" y="53" font-family="sans-serif" font-size="18">Right atrium</text>
  <rect x="60" y="300" width="170" height="34" fill="#fff" stroke="#555"/><text x="72" y="323" font-family="sans-serif" font-size="18">Left ventricle</text>
  <rect x="420" y="300" width="180" height="34" fill="#fff" stroke="#555"/><text x="432" y="323" font-family="sans-serif" font-size="18">Right ventricle</text>
</svg>`,
)}`;

const MASKS: OcclusionValue = {
  shapes: [
    { kind: 'rect', ordinal: 1, x: 0.0625, y: 0.075, w: 0.2344, h: 0.085 },
    { kind: 'rect', ordinal: 2, x: 0.7031, y: 0.075, w: 0.25, h: 0.085 },
    { kind: 'ellipse', ordinal: 3, x: 0.0938, y: 0.74, w: 0.2656, h: 0.105 },
    {
      kind: 'polygon',
      ordinal: 3,
      points: [
        [0.65, 0.74],
        [0.94, 0.74],
        [0.94, 0.845],
        [0.7, 0.845],
      ],
    },
  ],
};

/** Holds the masks and the mode as the feature code will: the editor is controlled. */
function Controlled(props: OcclusionEditorProps) {
  const [value, setValue] = useState(props.value);
  const [mode, setMode] = useState<OcclusionMode>(props.mode);
  return (
    <OcclusionEditor
      {...props}
      value={value}
      mode={mode}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
      onModeChange={(next) => {
        setMode(next);
        props.onModeChange(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/OcclusionEditor',
  component: OcclusionEditor,
  args: {
    imageUrl: DIAGRAM,
    imageAlt: 'The four chambers of the heart, labelled',
    value: { shapes: [] },
    onChange: fn(),
    mode: 'hide_all_guess_one',
    onModeChange: fn(),
  },
  render: (args) => <Controlled {...args} />,
  decorators: [(Story) => <div style={{ maxWidth: 680 }}>{Story()}</div>],
} satisfies Meta<typeof OcclusionEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Filled: Story = { args: { value: MASKS } };

/** Two masks selected with the keyboard (the second added with Space). */
export const Selected: Story = {
  args: { value: MASKS },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Rectangle 1' }).focus();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('status')).toHaveTextContent('4 masks, 2 selected');
  },
};

/** A rectangle drawn by dragging on the image (pointer events: mouse, pen or touch). */
export const Drawn: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Rectangle' }));
    const surface = canvas.getByRole('group', { name: /^Masks on the image/ });
    const box = surface.getBoundingClientRect();
    const at = (x: number, y: number) => ({
      coords: { clientX: box.left + box.width * x, clientY: box.top + box.height * y },
    });
    await userEvent.pointer([
      { keys: '[MouseLeft>]', target: surface, ...at(0.25, 0.25) },
      { target: surface, ...at(0.5, 0.5) },
      { keys: '[/MouseLeft]', target: surface, ...at(0.5, 0.5) },
    ]);
    await expect(args.onChange).toHaveBeenLastCalledWith({
      shapes: [{ kind: 'rect', ordinal: 1, x: 0.25, y: 0.25, w: 0.25, h: 0.25 }],
    });
  },
};

export const HideOne: Story = { args: { value: MASKS, mode: 'hide_one_guess_one' } };

export const Dark: Story = inMatrix({ theme: 'dark' }, Filled);

export const Spanish: Story = inMatrix({ locale: 'es' }, Filled);

export const Phone: Story = inMatrix({ viewport: 'phone' }, Filled);
