import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { UiMessageId } from '../../messages.ts';
import {
  bounds,
  boxBetween,
  grouped,
  MIN_SIZE,
  moved,
  nextOrdinal,
  type OcclusionMode,
  type OcclusionShape,
  type OcclusionValue,
  resized,
  round,
  type ShapeKind,
  shapeIn,
  ungrouped,
  withBounds,
} from './masks.ts';
import * as s from './OcclusionEditor.css.ts';

export type { OcclusionMode, OcclusionShape, OcclusionValue } from './masks.ts';

export interface OcclusionEditorProps {
  /** The image the masks cover. */
  imageUrl: string;
  /** Alternative text of the image. */
  imageAlt: string;
  /** The masks, in normalised 0..1 coordinates of the image. */
  value: OcclusionValue;
  /** Called with the new masks after each change (a drag calls it as it moves). */
  onChange: (value: OcclusionValue) => void;
  /** How the masks become cards: hide all and guess one, or hide one and guess it. */
  mode: OcclusionMode;
  /** Called when the learner picks the other mode. */
  onModeChange: (mode: OcclusionMode) => void;
}

type Tool = 'select' | ShapeKind;
type Point = [number, number];
type Drag =
  | { type: 'draw'; kind: 'rect' | 'ellipse'; from: Point; to: Point }
  | { type: 'move'; from: Point; originals: OcclusionShape[] }
  | { type: 'resize'; index: number; original: OcclusionShape };

/** One keyboard step: 1 % of the image. */
const STEP = 0.01;
const ARROWS: Record<string, Point> = {
  ArrowLeft: [-STEP, 0],
  ArrowRight: [STEP, 0],
  ArrowUp: [0, -STEP],
  ArrowDown: [0, STEP],
};
const TOOLS: { tool: Tool; id: UiMessageId }[] = [
  { tool: 'select', id: 'ui.occlusion.select' },
  { tool: 'rect', id: 'ui.occlusion.rectangle' },
  { tool: 'ellipse', id: 'ui.occlusion.ellipse' },
  { tool: 'polygon', id: 'ui.occlusion.polygon' },
];

/**
 * Draws the masks of an image-occlusion note on its image: rectangles, ellipses and polygons that
 * can be moved, resized, deleted and grouped (masks sharing a number are one card), by mouse, touch
 * and keyboard. Coordinates are normalised (0..1 of the image), rounded to 4 places.
 *
 * **Use it** in the note editor for the `masks` field of an `image_occlusion` note. **Don't use
 * it** to show masks in review (the card renderer does that) or to crop an image. `@memoria/ui`
 * exports it lazily, as a separate chunk.
 *
 * **Accessibility.** Each mask is a button in the Tab order, named by its kind and card number
 * ("Rectangle 2") and pressed when selected. On a mask: Space or Enter adds it to (or takes it
 * from) the selection; arrows move the selection by 1 % of the image, Shift+arrows resize it from
 * its top-left corner, Delete or Backspace removes it, G groups the selected masks under the lowest
 * number, Escape clears the selection. "Add mask" puts a new mask of the chosen shape in the middle
 * of the image and focuses it, so masks can be made without a pointer; drawing by dragging (and a
 * polygon's points by clicking, closed by double-click or Enter) needs a mouse, pen or finger. The
 * count of masks and of selected ones is announced in a `status` region.
 */
export function OcclusionEditor({
  imageUrl,
  imageAlt,
  value,
  onChange,
  mode,
  onModeChange,
}: OcclusionEditorProps) {
  const intl = useIntl();
  const t = (id: UiMessageId, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const id = useId();
  const shapes = value.shapes;
  const [tool, setTool] = useState<Tool>('select');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [focused, setFocused] = useState<number | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [polygon, setPolygon] = useState<Point[]>([]);
  const canvas = useRef<SVGSVGElement>(null);
  const maskRefs = useRef<(SVGElement | null)[]>([]);
  const focusAfterRender = useRef<number | null>(null);

  const change = (next: OcclusionShape[]) => onChange({ shapes: next });

  useEffect(() => {
    const index = focusAfterRender.current;
    if (index === null) return;
    focusAfterRender.current = null;
    maskRefs.current[index]?.focus();
  });

  // Masks removed from outside leave no stale selection behind.
  useEffect(() => {
    if ([...selected].some((index) => index >= shapes.length)) setSelected(new Set());
  }, [shapes.length, selected]);

  const add = (kind: ShapeKind, box = { x: 0.4, y: 0.4, w: 0.2, h: 0.2 }) => {
    const next = [...shapes, shapeIn(kind, nextOrdinal(shapes), box)];
    change(next);
    setSelected(new Set([next.length - 1]));
    return next.length - 1;
  };

  const remove = (targets: ReadonlySet<number>) => {
    change(shapes.filter((_, i) => !targets.has(i)));
    setSelected(new Set());
    setFocused(null);
    canvas.current?.focus();
  };

  const group = () => {
    if (selected.size >= 2) change(grouped(shapes, selected));
  };

  /** The masks a key acts on: the selection when it holds the focused mask, else that mask. */
  const targetsOf = (index: number): ReadonlySet<number> => {
    if (selected.has(index)) return selected;
    const only = new Set([index]);
    setSelected(only);
    return only;
  };

  const onMaskKeyDown = (index: number) => (event: KeyboardEvent<SVGElement>) => {
    const arrow = ARROWS[event.key];
    if (arrow) {
      event.preventDefault();
      const targets = targetsOf(index);
      const [dx, dy] = arrow;
      change(
        shapes.map((shape, i) =>
          targets.has(i) ? (event.shiftKey ? resized(shape, dx, dy) : moved(shape, dx, dy)) : shape,
        ),
      );
      return;
    }
    switch (event.key) {
      case ' ':
      case 'Enter': {
        event.preventDefault();
        const next = new Set(selected);
        if (next.has(index)) next.delete(index);
        else next.add(index);
        setSelected(next);
        return;
      }
      case 'Delete':
      case 'Backspace':
        event.preventDefault();
        remove(targetsOf(index));
        return;
      case 'g':
      case 'G':
        event.preventDefault();
        group();
        return;
      case 'Escape':
        event.preventDefault();
        setSelected(new Set());
        return;
    }
  };

  const pointAt = (event: { clientX: number; clientY: number }): Point => {
    const rect = canvas.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return [0, 0];
    return [
      Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)),
      Math.min(1, Math.max(0, (event.clientY - rect.top) / rect.height)),
    ];
  };

  const closePolygon = (points: Point[]) => {
    setPolygon([]);
    if (points.length < 3) return;
    const next = [
      ...shapes,
      {
        kind: 'polygon' as const,
        ordinal: nextOrdinal(shapes),
        points: points.map(([x, y]) => [round(x), round(y)] as Point),
      },
    ];
    change(next);
    setSelected(new Set([next.length - 1]));
  };

  const onCanvasPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    const point = pointAt(event);
    if (tool === 'polygon') {
      const first = polygon[0];
      // A click on the first point closes the polygon.
      if (
        first &&
        polygon.length >= 3 &&
        Math.hypot(first[0] - point[0], first[1] - point[1]) < 0.02
      ) {
        closePolygon(polygon);
      } else {
        setPolygon([...polygon, point]);
      }
      return;
    }
    event.currentTarget.setPointerCapture?.(event.pointerId);
    if (tool === 'rect' || tool === 'ellipse') {
      setDrag({ type: 'draw', kind: tool, from: point, to: point });
      return;
    }
    const hit = Number((event.target as Element).getAttribute('data-index') ?? Number.NaN);
    if (Number.isNaN(hit)) {
      setSelected(new Set());
      return;
    }
    let next = selected;
    if (event.shiftKey || event.ctrlKey || event.metaKey) {
      const toggled = new Set(selected);
      if (toggled.has(hit)) toggled.delete(hit);
      else toggled.add(hit);
      next = toggled;
    } else if (!selected.has(hit)) {
      next = new Set([hit]);
    }
    setSelected(next);
    setDrag({ type: 'move', from: point, originals: shapes });
  };

  const onCanvasPointerMove = (event: PointerEvent<Element>) => {
    if (!drag) return;
    const point = pointAt(event);
    if (drag.type === 'draw') {
      setDrag({ ...drag, to: point });
    } else if (drag.type === 'move') {
      const [dx, dy] = [point[0] - drag.from[0], point[1] - drag.from[1]];
      change(drag.originals.map((shape, i) => (selected.has(i) ? moved(shape, dx, dy) : shape)));
    } else {
      const box = bounds(drag.original);
      const next = withBounds(drag.original, { ...box, w: point[0] - box.x, h: point[1] - box.y });
      change(shapes.map((shape, i) => (i === drag.index ? next : shape)));
    }
  };

  const onCanvasPointerUp = () => {
    if (drag?.type === 'draw') {
      const box = boxBetween(drag.from, drag.to);
      // A click without a drag makes no mask.
      if (box.w >= MIN_SIZE && box.h >= MIN_SIZE) add(drag.kind, box);
    }
    setDrag(null);
  };

  const onCanvasKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (tool !== 'polygon' || polygon.length === 0) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      closePolygon(polygon);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setPolygon([]);
    }
  };

  const single = selected.size === 1 ? [...selected][0] : undefined;
  const singleShape = single === undefined ? undefined : shapes[single];
  const handleAt = singleShape ? bounds(singleShape) : null;
  const draftBox = drag?.type === 'draw' ? boxBetween(drag.from, drag.to) : null;
  const groupable =
    new Set(shapes.filter((_, i) => selected.has(i)).map((shape) => shape.ordinal)).size > 1;
  const ungroupable = shapes.some(
    (shape, i) =>
      selected.has(i) && shapes.some((other, j) => j !== i && other.ordinal === shape.ordinal),
  );

  return (
    <div className={s.root}>
      <div className={s.toolbar} role="toolbar" aria-label={t('ui.occlusion.tools')}>
        {TOOLS.map((item) => (
          <button
            key={item.tool}
            type="button"
            className={s.tool}
            aria-pressed={tool === item.tool}
            onClick={() => {
              setTool(item.tool);
              setPolygon([]);
            }}
          >
            {t(item.id)}
          </button>
        ))}
        <span className={s.separator} aria-hidden="true" />
        <button
          type="button"
          className={s.tool}
          onClick={() => {
            focusAfterRender.current = add(tool === 'select' ? 'rect' : tool);
          }}
        >
          {t('ui.occlusion.add')}
        </button>
        <button type="button" className={s.tool} disabled={!groupable} onClick={group}>
          {t('ui.occlusion.group')}
        </button>
        <button
          type="button"
          className={s.tool}
          disabled={!ungroupable}
          onClick={() => change(ungrouped(shapes, selected))}
        >
          {t('ui.occlusion.ungroup')}
        </button>
        <button
          type="button"
          className={s.tool}
          disabled={selected.size === 0}
          onClick={() => remove(selected)}
        >
          {t('ui.occlusion.delete')}
        </button>
      </div>
      <fieldset className={s.modes}>
        <legend className={s.legend}>{t('ui.occlusion.mode')}</legend>
        {(['hide_all_guess_one', 'hide_one_guess_one'] as const).map((option) => (
          <label key={option} className={s.mode}>
            <input
              type="radio"
              name={`${id}-mode`}
              value={option}
              checked={mode === option}
              onChange={() => onModeChange(option)}
            />
            {t(option === 'hide_all_guess_one' ? 'ui.occlusion.hideAll' : 'ui.occlusion.hideOne')}
          </label>
        ))}
      </fieldset>
      <div className={s.stage}>
        <img className={s.image} src={imageUrl} alt={imageAlt} draggable={false} />
        {/* biome-ignore lint/a11y/useSemanticElements: an <svg> cannot be a <fieldset>; it groups the masks */}
        <svg
          ref={canvas}
          className={tool === 'select' ? s.canvas : `${s.canvas} ${s.drawing}`}
          viewBox="0 0 1 1"
          preserveAspectRatio="none"
          role="group"
          aria-label={t('ui.occlusion.canvas')}
          aria-describedby={tool === 'polygon' ? `${id}-polygon` : undefined}
          tabIndex={-1}
          onPointerDown={onCanvasPointerDown}
          onPointerMove={onCanvasPointerMove}
          onPointerUp={onCanvasPointerUp}
          onPointerCancel={onCanvasPointerUp}
          onDoubleClick={() => tool === 'polygon' && closePolygon(polygon)}
          onKeyDown={onCanvasKeyDown}
        >
          {shapes.map((shape, index) => (
            <Mask
              // Masks have no id of their own: their place in the list is theirs.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              shape={shape}
              index={index}
              label={t('ui.occlusion.mask', { kind: shape.kind, ordinal: shape.ordinal })}
              selected={selected.has(index)}
              focused={focused === index}
              ref={(element) => {
                maskRefs.current[index] = element;
              }}
              onFocus={() => {
                setFocused(index);
                if (selected.size === 0) setSelected(new Set([index]));
              }}
              onBlur={() => setFocused(null)}
              onKeyDown={onMaskKeyDown(index)}
            />
          ))}
          {draftBox ? (
            drag?.type === 'draw' && drag.kind === 'ellipse' ? (
              <ellipse
                className={s.draft}
                cx={draftBox.x + draftBox.w / 2}
                cy={draftBox.y + draftBox.h / 2}
                rx={draftBox.w / 2}
                ry={draftBox.h / 2}
              />
            ) : (
              <rect
                className={s.draft}
                x={draftBox.x}
                y={draftBox.y}
                width={draftBox.w}
                height={draftBox.h}
              />
            )
          ) : null}
          {polygon.length > 0 ? (
            <polyline className={s.draft} points={polygon.map((p) => p.join(',')).join(' ')} />
          ) : null}
        </svg>
        {shapes.map((shape, index) => {
          const box = bounds(shape);
          return (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: one badge per mask, in its place
              key={index}
              className={s.badge}
              aria-hidden="true"
              style={{
                left: `${(box.x + box.w / 2) * 100}%`,
                top: `${(box.y + box.h / 2) * 100}%`,
              }}
            >
              {shape.ordinal}
            </span>
          );
        })}
        {handleAt && single !== undefined && singleShape && tool === 'select' ? (
          <span
            className={s.handle}
            aria-hidden="true"
            style={{
              left: `${(handleAt.x + handleAt.w) * 100}%`,
              top: `${(handleAt.y + handleAt.h) * 100}%`,
            }}
            onPointerDown={(event) => {
              event.stopPropagation();
              event.currentTarget.setPointerCapture?.(event.pointerId);
              setDrag({ type: 'resize', index: single, original: singleShape });
            }}
            onPointerMove={onCanvasPointerMove}
            onPointerUp={onCanvasPointerUp}
            onPointerCancel={onCanvasPointerUp}
          />
        ) : null}
      </div>
      {tool === 'polygon' ? (
        <p id={`${id}-polygon`} className={s.status}>
          {t('ui.occlusion.polygonHint')}
        </p>
      ) : null}
      <p role="status" className={s.status}>
        {t('ui.occlusion.status', { count: shapes.length, selected: selected.size })}
      </p>
    </div>
  );
}

function Mask({
  shape,
  index,
  label,
  selected,
  focused,
  ref,
  onFocus,
  onBlur,
  onKeyDown,
}: {
  shape: OcclusionShape;
  index: number;
  label: string;
  selected: boolean;
  focused: boolean;
  ref: (element: SVGElement | null) => void;
  onFocus: () => void;
  onBlur: () => void;
  onKeyDown: (event: KeyboardEvent<SVGElement>) => void;
}) {
  const common = {
    ref,
    'data-index': index,
    className: [s.mask, selected ? s.selectedMask : '', focused ? s.focusedMask : '']
      .filter(Boolean)
      .join(' '),
    role: 'button',
    tabIndex: 0,
    'aria-label': label,
    'aria-pressed': selected,
    onFocus,
    onBlur,
    onKeyDown,
  } as const;
  if (shape.kind === 'polygon') {
    return <polygon {...common} points={shape.points.map((p) => p.join(',')).join(' ')} />;
  }
  if (shape.kind === 'ellipse') {
    return (
      <ellipse
        {...common}
        cx={shape.x + shape.w / 2}
        cy={shape.y + shape.h / 2}
        rx={shape.w / 2}
        ry={shape.h / 2}
      />
    );
  }
  return <rect {...common} x={shape.x} y={shape.y} width={shape.w} height={shape.h} />;
}
