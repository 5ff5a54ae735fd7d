/**
 * Drawing a live quiz's questions from a deck: each asked card's front is the prompt, its back the
 * right option among up to 3 backs of other cards (distinct texts), in a shuffled order. `random`
 * is injected so that tests draw the same quiz every time.
 */
export interface QuizCard {
  id: number;
  front: string;
  back: string;
}

export interface DrawnQuestion {
  cardId: number;
  prompt: string;
  options: string[];
  correctOption: number;
}

export const MAX_OPTIONS = 4;
/** A six-digit code, 100000 to 999999. */
export function joinCode(random: () => number): string {
  return String(100000 + Math.floor(random() * 900000));
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Cards usable as questions: a text front and back (image-only cards cannot be read out). */
export function usableCards(cards: readonly QuizCard[]): QuizCard[] {
  return cards.filter((c) => c.front.trim() !== '' && c.back.trim() !== '');
}

/**
 * Up to `count` questions; undefined when fewer than 2 distinct backs exist (no wrong option to
 * offer).
 */
export function drawQuestions(
  cards: readonly QuizCard[],
  count: number,
  random: () => number,
): DrawnQuestion[] | undefined {
  const usable = usableCards(cards);
  const backs = [...new Set(usable.map((c) => c.back.trim()))];
  if (backs.length < 2) return undefined;
  return shuffle(usable, random)
    .slice(0, count)
    .map((card) => {
      const right = card.back.trim();
      const wrong = shuffle(
        backs.filter((b) => b !== right),
        random,
      ).slice(0, MAX_OPTIONS - 1);
      const options = shuffle([right, ...wrong], random);
      return {
        cardId: card.id,
        prompt: card.front.trim(),
        options,
        correctOption: options.indexOf(right),
      };
    });
}
