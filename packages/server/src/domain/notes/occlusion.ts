/**
 * Image occlusion: an image, masks over it and one card per mask ordinal (masks sharing an
 * ordinal are one group, hidden and asked together). The `masks` field is JSON:
 * `{"mode": "hide_all_guess_one" | "hide_one_guess_one", "shapes": [...]}`, each shape with an
 * `ordinal` (1…100) and normalised 0..1 coordinates of the image:
 * `{"kind": "rect" | "ellipse", "left", "top", "width", "height"}` (the ellipse fills that box) or
 * `{"kind": "polygon", "points": [[x, y], …]}` (3 to 100 points).
 */

export type OcclusionMode = 'hide_all_guess_one' | 'hide_one_guess_one';

export type OcclusionShape =
  | {
      kind: 'rect' | 'ellipse';
      ordinal: number;
      left: number;
      top: number;
      width: number;
      height: number;
    }
  | { kind: 'polygon'; ordinal: number; points: [number, number][] };

export interface OcclusionMasks {
  mode: OcclusionMode;
  shapes: OcclusionShape[];
}

export const MAX_SHAPES = 500;
export const MAX_OCCLUSION_ORDINAL = 100;
const MAX_POINTS = 100;

/** Why masks do not parse, said for the learner (`Masks: …`). */
export class MasksError extends Error {}

const unit = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;

function shapeOf(raw: unknown, at: number): OcclusionShape {
  const fail = (why: string): never => {
    throw new MasksError(`Masks: shape ${at + 1} ${why}.`);
  };
  if (typeof raw !== 'object' || raw === null) return fail('is not an object');
  const s = raw as Record<string, unknown>;
  const ordinal = s.ordinal;
  if (
    typeof ordinal !== 'number' ||
    !Number.isInteger(ordinal) ||
    ordinal < 1 ||
    ordinal > MAX_OCCLUSION_ORDINAL
  ) {
    return fail(`needs an ordinal from 1 to ${MAX_OCCLUSION_ORDINAL}`);
  }
  if (s.kind === 'rect' || s.kind === 'ellipse') {
    const { left, top, width, height } = s;
    if (!unit(left) || !unit(top) || !unit(width) || !unit(height)) {
      return fail('needs left, top, width and height from 0 to 1');
    }
    if (width === 0 || height === 0 || left + width > 1.000001 || top + height > 1.000001) {
      return fail('must have a size and lie within the image');
    }
    return { kind: s.kind, ordinal, left, top, width, height };
  }
  if (s.kind === 'polygon') {
    const points = s.points;
    if (!Array.isArray(points) || points.length < 3 || points.length > MAX_POINTS) {
      return fail(`needs 3 to ${MAX_POINTS} points`);
    }
    const out: [number, number][] = [];
    for (const p of points) {
      if (!Array.isArray(p) || p.length !== 2 || !unit(p[0]) || !unit(p[1])) {
        return fail('has a point that is not [x, y] from 0 to 1');
      }
      out.push([p[0], p[1]]);
    }
    return { kind: 'polygon', ordinal, points: out };
  }
  return fail('has a kind that is not rect, ellipse or polygon');
}

/** The masks of a `masks` field, or `MasksError` saying what is wrong. */
export function parseMasks(json: string): OcclusionMasks {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new MasksError('Masks: not valid JSON.');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new MasksError('Masks: must be an object with mode and shapes.');
  }
  const { mode, shapes } = raw as Record<string, unknown>;
  if (mode !== 'hide_all_guess_one' && mode !== 'hide_one_guess_one') {
    throw new MasksError('Masks: mode must be hide_all_guess_one or hide_one_guess_one.');
  }
  if (!Array.isArray(shapes) || shapes.length === 0)
    throw new MasksError('Masks: add at least one shape.');
  if (shapes.length > MAX_SHAPES) throw new MasksError(`Masks: at most ${MAX_SHAPES} shapes.`);
  return { mode, shapes: shapes.map(shapeOf) };
}

/** The card ordinals of the masks, ascending and each once. */
export const occlusionOrdinals = (masks: OcclusionMasks): number[] =>
  [...new Set(masks.shapes.map((s) => s.ordinal))].sort((a, b) => a - b);

const num = (v: number) => String(Math.round(v * 1e6) / 1e6);

function shapeSvg(shape: OcclusionShape, className: string): string {
  const common = `class="${className}" data-ordinal="${shape.ordinal}"`;
  if (shape.kind === 'polygon') {
    return `<polygon ${common} points="${shape.points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ')}"/>`;
  }
  if (shape.kind === 'rect') {
    return `<rect ${common} x="${num(shape.left)}" y="${num(shape.top)}" width="${num(shape.width)}" height="${num(shape.height)}"/>`;
  }
  return `<ellipse ${common} cx="${num(shape.left + shape.width / 2)}" cy="${num(shape.top + shape.height / 2)}" rx="${num(shape.width / 2)}" ry="${num(shape.height / 2)}"/>`;
}

/**
 * The image with the masks card `ordinal` shows on `side`. Front: the asked group
 * (`occlusion-mask-active`) and, in "hide all, guess one", every other group hidden too
 * (`occlusion-mask`). Back: the asked group outlined (`occlusion-mask-revealed`), the others as on
 * the front. The SVG's viewBox is the unit square stretched over the image.
 */
export function renderOcclusion(
  imageHtml: string,
  masks: OcclusionMasks,
  ordinal: number,
  side: 'front' | 'back',
): string {
  const drawn = masks.shapes.flatMap((shape) => {
    if (shape.ordinal === ordinal) {
      return [
        shapeSvg(shape, side === 'front' ? 'occlusion-mask-active' : 'occlusion-mask-revealed'),
      ];
    }
    return masks.mode === 'hide_all_guess_one' ? [shapeSvg(shape, 'occlusion-mask')] : [];
  });
  return (
    `<div class="occlusion" data-occlusion-mode="${masks.mode}" data-occlusion-ordinal="${ordinal}">` +
    `${imageHtml}<svg class="occlusion-masks" viewBox="0 0 1 1" preserveAspectRatio="none" aria-hidden="true">` +
    `${drawn.join('')}</svg></div>`
  );
}
