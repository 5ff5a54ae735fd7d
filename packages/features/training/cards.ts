/** Playing cards as the contract codes them: rank A 2-9 T J Q K, suit S H D C (`AS`, `TD`). */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Suit = (typeof SUITS)[number];

const SYMBOL: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** A card as people read it: `TD` → "10♦". */
export function cardText(code: string): string {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1) as Suit;
  return `${rank === 'T' ? '10' : rank}${SYMBOL[suit] ?? suit}`;
}

export const isRed = (code: string) => code.endsWith('H') || code.endsWith('D');

export const rankName = (rank: string) => (rank === 'T' ? '10' : rank);
