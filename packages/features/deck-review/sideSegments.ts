/**
 * A card side's HTML cut where the review renders something itself rather than `RichContent`: the
 * type-in answer box or its diff (`div.type-answer`) and an image occlusion (`div.occlusion`, an
 * image with SVG masks, which `RichContent`'s allow-list does not draw). The markup is the
 * server's (docs/features/notes.md). The HTML is parsed inert (a `<template>`: nothing loads or
 * runs); the pieces between go to `RichContent`, which sanitises them again; an occlusion keeps
 * only numbers, its classes and an image address Memoria serves.
 */
import { mediaHash } from '@memoria/api';

export type SideSegment =
  | {
      kind: 'html';
      html: string;
      /** Holds sounds or speech (R replays them, auto-play plays them). */
      players: boolean;
    }
  | {
      kind: 'typeAnswer';
      /** The expected answer (the back); null on the front, where the learner types. */
      expected: string | null;
    }
  | {
      kind: 'occlusion';
      ordinal: number;
      mode: 'hide_all_guess_one' | 'hide_one_guess_one';
      image: { src: string; alt: string } | null;
      shapes: OcclusionShape[];
    };

/** `hidden`: another group, still covered; `asked`: the group to name; `revealed`: it, answered. */
export type MaskState = 'hidden' | 'asked' | 'revealed';

export type OcclusionShape =
  | { kind: 'rect'; state: MaskState; x: number; y: number; width: number; height: number }
  | { kind: 'ellipse'; state: MaskState; cx: number; cy: number; rx: number; ry: number }
  | { kind: 'polygon'; state: MaskState; points: [number, number][] };

const MASK_STATES: Record<string, MaskState> = {
  'occlusion-mask': 'hidden',
  'occlusion-mask-active': 'asked',
  'occlusion-mask-revealed': 'revealed',
};

const IMAGE_DATA_URL = /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

function isSpecial(node: Node): node is Element {
  if (!(node instanceof Element) || node.localName !== 'div') return false;
  return node.classList.contains('type-answer') || node.classList.contains('occlusion');
}

function number(el: Element, name: string): number | null {
  const value = Number(el.getAttribute(name));
  return el.hasAttribute(name) && Number.isFinite(value) ? value : null;
}

function shapeOf(el: Element): OcclusionShape | null {
  const state = MASK_STATES[el.getAttribute('class') ?? ''];
  if (!state) return null;
  if (el.localName === 'rect') {
    const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((n) => number(el, n));
    if (x == null || y == null || width == null || height == null) return null;
    return { kind: 'rect', state, x, y, width, height };
  }
  if (el.localName === 'ellipse') {
    const [cx, cy, rx, ry] = ['cx', 'cy', 'rx', 'ry'].map((n) => number(el, n));
    if (cx == null || cy == null || rx == null || ry == null) return null;
    return { kind: 'ellipse', state, cx, cy, rx, ry };
  }
  if (el.localName === 'polygon') {
    const points = (el.getAttribute('points') ?? '')
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split(',').map(Number) as [number, number]);
    const valid =
      points.length >= 3 && points.every((p) => p.length === 2 && p.every(Number.isFinite));
    return valid ? { kind: 'polygon', state, points } : null;
  }
  return null;
}

function occlusionOf(el: Element): SideSegment {
  const img = el.querySelector('img');
  const src = img?.getAttribute('src') ?? '';
  const mode =
    el.getAttribute('data-occlusion-mode') === 'hide_one_guess_one'
      ? 'hide_one_guess_one'
      : 'hide_all_guess_one';
  return {
    kind: 'occlusion',
    ordinal: Number(el.getAttribute('data-occlusion-ordinal')) || 0,
    mode,
    image:
      mediaHash(src) !== null || IMAGE_DATA_URL.test(src)
        ? { src, alt: img?.getAttribute('alt') ?? '' }
        : null,
    shapes: [...el.querySelectorAll('svg > *')].flatMap((shape) => shapeOf(shape) ?? []),
  };
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function htmlOf(node: Node): string {
  if (node instanceof Element) return node.outerHTML;
  if (node.nodeType === Node.TEXT_NODE) return escapeText(node.textContent ?? '');
  return '';
}

/** The pieces of `parent`'s children; an element holding a special one is cut around it. */
function segmentsOf(parent: Node): SideSegment[] {
  const out: SideSegment[] = [];
  for (const child of parent.childNodes) {
    if (isSpecial(child)) {
      out.push(
        child.classList.contains('occlusion')
          ? occlusionOf(child)
          : {
              kind: 'typeAnswer',
              expected: child.getAttribute('data-type-answer-expected'),
            },
      );
    } else if (child instanceof Element && [...child.querySelectorAll('div')].some(isSpecial)) {
      // `<p>before <div class="type-answer"></div> after</p>`: `<p>before</p>`, the box, `<p>after</p>`.
      for (const inner of segmentsOf(child)) {
        if (inner.kind !== 'html') {
          out.push(inner);
          continue;
        }
        const shell = child.cloneNode(false) as Element;
        shell.innerHTML = inner.html;
        out.push({ ...inner, html: shell.outerHTML });
      }
    } else {
      out.push({ kind: 'html', html: htmlOf(child), players: false });
    }
  }
  return out;
}

/** The side's pieces in reading order, adjacent HTML merged and blank HTML left out. */
export function splitSide(html: string): SideSegment[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const merged: SideSegment[] = [];
  for (const segment of segmentsOf(template.content)) {
    const last = merged.at(-1);
    if (segment.kind === 'html' && last?.kind === 'html') last.html += segment.html;
    else merged.push(segment);
  }
  return merged.flatMap((segment): SideSegment[] => {
    if (segment.kind !== 'html') return [segment];
    const probe = document.createElement('template');
    probe.innerHTML = segment.html;
    const content = probe.content;
    const blank =
      content.textContent?.trim() === '' && !content.querySelector('img, audio, tts-speak');
    return blank
      ? []
      : [{ ...segment, players: content.querySelector('audio, tts-speak') !== null }];
  });
}
