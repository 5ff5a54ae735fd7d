import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render.tsx';
import { resized } from './masks.ts';
import {
  OcclusionEditor,
  type OcclusionMode,
  type OcclusionShape,
  type OcclusionValue,
} from './OcclusionEditor.tsx';

const START: OcclusionShape[] = [
  { kind: 'rect', ordinal: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.1 },
  { kind: 'ellipse', ordinal: 2, x: 0.5, y: 0.5, w: 0.2, h: 0.2 },
  {
    kind: 'polygon',
    ordinal: 3,
    points: [
      [0.7, 0.1],
      [0.9, 0.1],
      [0.8, 0.3],
    ],
  },
];

function Editor({ seen, initial }: { seen: { value: OcclusionValue }; initial: OcclusionShape[] }) {
  const [value, setValue] = useState<OcclusionValue>({ shapes: initial });
  const [mode, setMode] = useState<OcclusionMode>('hide_all_guess_one');
  return (
    <OcclusionEditor
      imageUrl="data:image/gif;base64,R0lGODlhAQABAAAAACw="
      imageAlt="A heart"
      value={value}
      onChange={(next) => {
        seen.value = next;
        setValue(next);
      }}
      mode={mode}
      onModeChange={setMode}
    />
  );
}

function mount(initial: OcclusionShape[] = START) {
  const seen = { value: { shapes: initial } };
  renderWithIntl(<Editor seen={seen} initial={initial} />);
  return seen;
}

/** Every coordinate of the output is a number in 0..1 with at most 4 decimals. */
function expectNormalised(value: OcclusionValue) {
  const numbers = value.shapes.flatMap((shape) =>
    shape.kind === 'polygon' ? shape.points.flat() : [shape.x, shape.y, shape.w, shape.h],
  );
  for (const n of numbers) {
    expect(n).toBeGreaterThanOrEqual(0);
    expect(n).toBeLessThanOrEqual(1);
    expect(Math.round(n * 10_000) / 10_000).toBe(n);
  }
}

describe('OcclusionEditor', () => {
  it('names each mask by kind and card number, in the Tab order', async () => {
    mount();
    await userEvent.tab(); // first toolbar button
    const masks = screen.getAllByRole('button', { name: /^(Rectangle|Ellipse|Polygon) \d$/ });
    expect(masks.map((m) => m.getAttribute('aria-label'))).toEqual([
      'Rectangle 1',
      'Ellipse 2',
      'Polygon 3',
    ]);
    expect(screen.getByRole('status').textContent).toBe('3 masks, none selected');
  });

  it('moves a mask with the arrows and resizes it with Shift+arrows', async () => {
    const seen = mount();
    screen.getByRole('button', { name: 'Rectangle 1' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    expect(seen.value.shapes[0]).toEqual({
      kind: 'rect',
      ordinal: 1,
      x: 0.12,
      y: 0.11,
      w: 0.2,
      h: 0.1,
    });
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowUp}{/Shift}');
    expect(seen.value.shapes[0]).toEqual({
      kind: 'rect',
      ordinal: 1,
      x: 0.12,
      y: 0.11,
      w: 0.21,
      h: 0.09,
    });
    expect(seen.value.shapes.slice(1)).toEqual(START.slice(1));
    expectNormalised(seen.value);
  });

  it('moves every point of a polygon and stops at the edge of the image', async () => {
    const seen = mount();
    screen.getByRole('button', { name: 'Polygon 3' }).focus();
    for (let i = 0; i < 15; i += 1) await userEvent.keyboard('{ArrowRight}');
    // The polygon's right edge (0.9) reaches 1 after ten steps and stays there.
    expect(seen.value.shapes[2]).toEqual({
      kind: 'polygon',
      ordinal: 3,
      points: [
        [0.8, 0.1],
        [1, 0.1],
        [0.9, 0.3],
      ],
    });
    expectNormalised(seen.value);
  });

  it('groups the selected masks under one number with G', async () => {
    const seen = mount();
    screen.getByRole('button', { name: 'Ellipse 2' }).focus();
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Polygon 3');
    await userEvent.keyboard(' ');
    expect(screen.getByRole('status').textContent).toBe('3 masks, 2 selected');
    await userEvent.keyboard('g');
    expect(seen.value.shapes.map((shape) => shape.ordinal)).toEqual([1, 2, 2]);
    expect(screen.getAllByRole('button', { name: 'Polygon 2' })).toHaveLength(1);
    // Arrows then move the whole group.
    await userEvent.keyboard('{ArrowUp}');
    expect(seen.value.shapes[1]).toMatchObject({ y: 0.49 });
    expect(seen.value.shapes[2]).toMatchObject({
      points: [
        [0.7, 0.09],
        [0.9, 0.09],
        [0.8, 0.29],
      ],
    });
  });

  it('removes the focused mask with Delete', async () => {
    const seen = mount();
    screen.getByRole('button', { name: 'Ellipse 2' }).focus();
    await userEvent.keyboard('{Delete}');
    expect(seen.value.shapes.map((shape) => shape.kind)).toEqual(['rect', 'polygon']);
  });

  it('adds a mask in the middle with the next number, focused, from the keyboard', async () => {
    const seen = mount();
    await userEvent.click(screen.getByRole('button', { name: 'Ellipse' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add mask' }));
    expect(seen.value.shapes[3]).toEqual({
      kind: 'ellipse',
      ordinal: 4,
      x: 0.4,
      y: 0.4,
      w: 0.2,
      h: 0.2,
    });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Ellipse 4');
  });

  it('switches between hide all and hide one', async () => {
    mount();
    const hideOne = screen.getByRole('radio', { name: 'Hide one, guess one' });
    await userEvent.click(hideOne);
    expect((hideOne as HTMLInputElement).checked).toBe(true);
  });
});

describe('masks', () => {
  it('keeps a resized mask at least 1 % and inside the image', () => {
    const shape: OcclusionShape = { kind: 'rect', ordinal: 1, x: 0.9, y: 0, w: 0.05, h: 0.02 };
    expect(resized(shape, 0.5, -0.5)).toEqual({
      kind: 'rect',
      ordinal: 1,
      x: 0.9,
      y: 0,
      w: 0.1,
      h: 0.01,
    });
  });
});
