/**
 * Image-occlusion masks in normalised coordinates: 0..1 of the image's width and height, so a
 * mask covers the same part of the picture at any size. Masks sharing an `ordinal` are one card
 * (a group). Every function returns new shapes, clamped inside the image and rounded to 4 places.
 */
export type BoxKind = 'rect' | 'ellipse';

export type OcclusionShape =
  | { kind: BoxKind; ordinal: number; x: number; y: number; w: number; h: number }
  | { kind: 'polygon'; ordinal: number; points: [number, number][] };

export type ShapeKind = OcclusionShape['kind'];

export interface OcclusionValue {
  shapes: OcclusionShape[];
}

/** How the masks become cards (as Anki's image occlusion). */
export type OcclusionMode = 'hide_all_guess_one' | 'hide_one_guess_one';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The smallest side a mask keeps (1 % of the image). */
export const MIN_SIZE = 0.01;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
export const round = (value: number) => Math.round(value * 10_000) / 10_000;

export function bounds(shape: OcclusionShape): Box {
  if (shape.kind !== 'polygon') return { x: shape.x, y: shape.y, w: shape.w, h: shape.h };
  const xs = shape.points.map(([x]) => x);
  const ys = shape.points.map(([, y]) => y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/** `shape` stretched (a polygon scaled) to fill `box`, kept inside the image. */
export function withBounds(shape: OcclusionShape, box: Box): OcclusionShape {
  const w = clamp(box.w, MIN_SIZE, 1);
  const h = clamp(box.h, MIN_SIZE, 1);
  const x = clamp(box.x, 0, 1 - w);
  const y = clamp(box.y, 0, 1 - h);
  if (shape.kind !== 'polygon') {
    return { ...shape, x: round(x), y: round(y), w: round(w), h: round(h) };
  }
  const old = bounds(shape);
  const sx = old.w > 0 ? w / old.w : 1;
  const sy = old.h > 0 ? h / old.h : 1;
  return {
    ...shape,
    points: shape.points.map(([px, py]) => [
      round(x + (px - old.x) * sx),
      round(y + (py - old.y) * sy),
    ]),
  };
}

/** Moved by (dx, dy), stopping at the image's edges. */
export function moved(shape: OcclusionShape, dx: number, dy: number): OcclusionShape {
  const box = bounds(shape);
  return withBounds(shape, { ...box, x: box.x + dx, y: box.y + dy });
}

/** Grown by (dw, dh) from its top-left corner, at least MIN_SIZE and inside the image. */
export function resized(shape: OcclusionShape, dw: number, dh: number): OcclusionShape {
  const box = bounds(shape);
  return withBounds(shape, {
    ...box,
    w: clamp(box.w + dw, MIN_SIZE, 1 - box.x),
    h: clamp(box.h + dh, MIN_SIZE, 1 - box.y),
  });
}

export function nextOrdinal(shapes: readonly OcclusionShape[]): number {
  return shapes.reduce((highest, shape) => Math.max(highest, shape.ordinal), 0) + 1;
}

/**
 * The selected masks become one card, under the lowest ordinal among them. Ordinals are not
 * renumbered: each one is a card with its own schedule.
 */
export function grouped(shapes: readonly OcclusionShape[], selected: ReadonlySet<number>) {
  const ordinals = shapes.filter((_, i) => selected.has(i)).map((shape) => shape.ordinal);
  if (ordinals.length < 2) return [...shapes];
  const ordinal = Math.min(...ordinals);
  return shapes.map((shape, i) => (selected.has(i) ? { ...shape, ordinal } : shape));
}

/** Each selected mask after the first of its group gets a card (ordinal) of its own. */
export function ungrouped(shapes: readonly OcclusionShape[], selected: ReadonlySet<number>) {
  let next = nextOrdinal(shapes);
  const seen = new Set<number>();
  return shapes.map((shape, i) => {
    if (!selected.has(i)) return shape;
    if (!seen.has(shape.ordinal)) {
      seen.add(shape.ordinal);
      return shape;
    }
    const own = { ...shape, ordinal: next };
    next += 1;
    return own;
  });
}

/** A new mask of `kind` filling `box`. */
export function shapeIn(kind: ShapeKind, ordinal: number, box: Box): OcclusionShape {
  if (kind === 'polygon') {
    const triangle: OcclusionShape = {
      kind,
      ordinal,
      points: [
        [0.5, 0],
        [1, 1],
        [0, 1],
      ],
    };
    return withBounds(triangle, box);
  }
  return withBounds({ kind, ordinal, x: 0, y: 0, w: 1, h: 1 }, box);
}

/** The box between two corners dragged in any direction. */
export function boxBetween(a: [number, number], b: [number, number]): Box {
  const x = clamp(Math.min(a[0], b[0]), 0, 1);
  const y = clamp(Math.min(a[1], b[1]), 0, 1);
  return {
    x,
    y,
    w: clamp(Math.max(a[0], b[0]), 0, 1) - x,
    h: clamp(Math.max(a[1], b[1]), 0, 1) - y,
  };
}
