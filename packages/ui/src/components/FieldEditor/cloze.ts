/**
 * Anki's cloze numbering: `{{c1::answer}}`, `{{c2::answer::hint}}`. A new deletion takes the next
 * free number (one past the highest in the field); "same number" reuses the highest, so that several
 * deletions land on one card (Anki's Ctrl+Shift+Alt+C).
 */
const CLOZE_NUMBER = /\{\{c(\d+)::/g;

/** The highest cloze number in `text`, or 0 when it holds none. */
export function highestClozeNumber(text: string): number {
  let highest = 0;
  for (const [, digits] of text.matchAll(CLOZE_NUMBER)) highest = Math.max(highest, Number(digits));
  return highest;
}

/** The number a new cloze gets: one past the highest, or the highest itself when `reuse`. */
export function clozeNumberFor(text: string, reuse: boolean): number {
  const highest = highestClozeNumber(text);
  return reuse ? Math.max(highest, 1) : highest + 1;
}

/** The two markers a deletion number wraps its answer with. */
export function clozeMarkers(n: number): { open: string; close: string } {
  return { open: `{{c${n}::`, close: '}}' };
}
