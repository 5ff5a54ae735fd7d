/**
 * Glicko-2 ratings (Glickman), computed by `glicko2-lite`: a rating, its deviation (one standard
 * deviation of the estimate) and a volatility. Each game is its own rating period, as live game
 * servers rate (docs/adr/0009-glicko2.md says why), so a learner sees the change the moment a
 * duel ends.
 */
import glicko2 from 'glicko2-lite';

export interface Rating {
  rating: number;
  deviation: number;
  volatility: number;
}

/** Glickman's starting values for an unrated player. */
export const INITIAL_RATING: Readonly<Rating> = Object.freeze({
  rating: 1500,
  deviation: 350,
  volatility: 0.06,
});

/** The system constant τ: Glickman suggests 0.3 to 1.2; 0.5 is the library's and his example's. */
const TAU = 0.5;

/** 1 when the first player won, 0.5 a draw, 0 a loss. */
export type GameScore = 0 | 0.5 | 1;

function rateOne(player: Rating, opponent: Rating, score: GameScore): Rating {
  const next = glicko2(
    player.rating,
    player.deviation,
    player.volatility,
    [[opponent.rating, opponent.deviation, score]],
    { rating: INITIAL_RATING.rating, tau: TAU },
  );
  return { rating: next.rating, deviation: next.rd, volatility: next.vol };
}

/**
 * Both players' ratings after one game between them, each from the other's rating before it.
 * `scoreA` is the first player's result.
 */
export function rateGame(a: Rating, b: Rating, scoreA: GameScore): { a: Rating; b: Rating } {
  return { a: rateOne(a, b, scoreA), b: rateOne(b, a, (1 - scoreA) as GameScore) };
}

/**
 * What leaderboards rank by: the rating minus twice its deviation, the low end of the 95% range,
 * so a new player's lucky first win (1,660 ± 290) does not top a proven one (1,600 ± 50).
 */
export const conservativeRating = (r: { rating: number; deviation: number }) =>
  r.rating - 2 * r.deviation;

/**
 * `rows` ranked 1..n by conservative rating, then rating, then `name` (so equal ratings get a
 * stable order and every place is distinct).
 */
export function rankByConservative<T extends { rating: number; deviation: number }>(
  rows: readonly T[],
  name: (row: T) => string,
): (T & { rank: number })[] {
  return [...rows]
    .sort(
      (x, y) =>
        conservativeRating(y) - conservativeRating(x) ||
        y.rating - x.rating ||
        name(x).localeCompare(name(y)),
    )
    .map((row, i) => ({ ...row, rank: i + 1 }));
}
