/**
 * Cloze deletions, as Anki writes them: `{{c1::answer}}` or `{{c1::answer::hint}}`. A note makes
 * one card per number; several deletions with one number are hidden together on one card.
 */

const DELETION = /\{\{c(\d+)::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

/** A deletion: its number, answer and optional hint (global: use with `matchAll`). */
export const CLOZE_DELETION: RegExp = DELETION;

/** The deletion numbers a text uses, ascending and each once. */
export function clozeNumbers(text: string): number[] {
  const numbers = new Set<number>();
  for (const match of text.matchAll(DELETION)) numbers.add(Number(match[1]));
  return [...numbers].sort((a, b) => a - b);
}

/**
 * The text as card `ordinal` shows it: that number's deletions as `[…]` (or `[hint]`) on the
 * front and as the highlighted answer on the back; the other numbers' answers as plain text.
 */
export function renderCloze(text: string, ordinal: number, side: 'front' | 'back'): string {
  return text.replace(DELETION, (_whole, n: string, answer: string, hint: string | undefined) => {
    if (Number(n) !== ordinal)
      return `<span class="cloze-inactive" data-cloze="${n}">${answer}</span>`;
    if (side === 'back') return `<span class="cloze" data-cloze="${n}">${answer}</span>`;
    return `<span class="cloze" data-cloze="${n}">[${hint?.trim() ? hint : '…'}]</span>`;
  });
}

/** The answers card `ordinal` asks (its number's deletions, as HTML), in order. */
export function clozeAnswers(text: string, ordinal: number): string[] {
  return [...text.matchAll(DELETION)]
    .filter((m) => Number(m[1]) === ordinal)
    .map((m) => m[2] ?? '');
}
