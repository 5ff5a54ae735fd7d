/**
 * The answer side of a type-in card: the typed answer compared character by character with the
 * expected one, as Anki shows it (typed characters that match are ok, typed ones that do not are
 * extra, expected ones not typed are missing). The review calls it with the learner's input and
 * the card's `data-type-answer-expected`. It lives here, with no imports, so that the server can
 * import the same rule (`@memoria/api/notes/type-in-diff`; `.dependency-cruiser.cjs` allows the
 * server this folder and keeps it free of imports).
 */

export type DiffKind = 'ok' | 'missing' | 'extra';

export interface DiffSegment {
  kind: DiffKind;
  text: string;
}

/** Longer inputs are compared as wholly different: the table below is |expected| × |typed|. */
const MAX_COMPARED = 1000;

/** Segments in reading order; the expected text is `ok` + `missing`, the typed one `ok` + `extra`. */
export function typeInDiff(expected: string, typed: string): DiffSegment[] {
  // Anki compares NFC text, ignoring white space at the ends.
  const a = [...expected.normalize('NFC').trim()];
  const b = [...typed.normalize('NFC').trim()];
  const segments: DiffSegment[] = [];
  const push = (kind: DiffKind, ch: string) => {
    const last = segments.at(-1);
    if (last?.kind === kind) last.text += ch;
    else segments.push({ kind, text: ch });
  };
  if (a.length > MAX_COMPARED || b.length > MAX_COMPARED) {
    for (const ch of b) push('extra', ch);
    for (const ch of a) push('missing', ch);
    return segments;
  }
  // Longest common subsequence from each suffix pair.
  const width = b.length + 1;
  const lcs = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push('ok', a[i] as string);
      i++;
      j++;
    } else if (
      j < b.length &&
      (i >= a.length || (lcs[i * width + j + 1] ?? 0) >= (lcs[(i + 1) * width + j] ?? 0))
    ) {
      push('extra', b[j] as string);
      j++;
    } else {
      push('missing', a[i] as string);
      i++;
    }
  }
  return segments;
}
