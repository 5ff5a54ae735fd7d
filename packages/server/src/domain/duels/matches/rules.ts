/**
 * The rules of a match between two friends (issue 44; docs/features/matches.md): best of 3 or 5
 * games of Memory League's disciplines. Before the first game the challenger vetoes one
 * discipline, then the challenged one another; then the players pick each game's discipline in
 * turn, the challenged first (the Online Memory League Championship alternates its choices), and
 * nobody picks a discipline they picked before in the match. A game is won by the better
 * performance (`beats`: score, then memorisation time; Cards by speed cards); equal ones draw. The
 * match ends once the leader's lead is more than the games left, or after `bestOf` games; equal
 * wins then are a drawn match. Pure: no SQL, no http.
 */
import {
  beats,
  DISCIPLINE_IDS,
  type DisciplineId,
  type Performance,
} from '../disciplines/index.ts';

export type BestOf = 3 | 5;
export type Side = 'creator' | 'opponent';
export type GameOutcome = Side | 'draw';
export type MatchPhase = 'veto' | 'pick' | 'play' | 'finished';

export interface MatchGameState {
  discipline: DisciplineId;
  pickedBy: number;
  /** Null while the game is being played. */
  outcome: GameOutcome | null;
}

export interface MatchState {
  bestOf: BestOf;
  creatorId: number;
  opponentId: number;
  /** In the order they were made: the creator's first. */
  vetoes: { userId: number; discipline: DisciplineId }[];
  /** In the order they were picked. */
  games: MatchGameState[];
}

export interface MatchScore {
  creatorWins: number;
  opponentWins: number;
  draws: number;
  finished: boolean;
  /** Set once finished. */
  winner: GameOutcome | null;
}

export const BEST_OF: readonly BestOf[] = [3, 5];

/** Wins, draws, and whether the match is decided. */
export function scoreOf(state: MatchState): MatchScore {
  const done = state.games.filter((g) => g.outcome !== null);
  const creatorWins = done.filter((g) => g.outcome === 'creator').length;
  const opponentWins = done.filter((g) => g.outcome === 'opponent').length;
  const draws = done.length - creatorWins - opponentWins;
  const left = state.bestOf - done.length;
  // Decided when the trailing player could not catch up even by winning every game left.
  const finished = left === 0 || Math.abs(creatorWins - opponentWins) > left;
  const winner = !finished
    ? null
    : creatorWins === opponentWins
      ? 'draw'
      : creatorWins > opponentWins
        ? 'creator'
        : 'opponent';
  return { creatorWins, opponentWins, draws, finished, winner };
}

export function phaseOf(state: MatchState): MatchPhase {
  if (state.vetoes.length < 2) return 'veto';
  if (scoreOf(state).finished) return 'finished';
  const current = state.games.at(-1);
  if (current && current.outcome === null) return 'play';
  return 'pick';
}

/** Whose veto or pick it is; null while a game is played or once the match is over. */
export function turnOf(state: MatchState): number | null {
  const phase = phaseOf(state);
  if (phase === 'veto') return state.vetoes.length === 0 ? state.creatorId : state.opponentId;
  if (phase === 'pick') return state.games.length % 2 === 0 ? state.opponentId : state.creatorId;
  return null;
}

const vetoed = (state: MatchState) => new Set(state.vetoes.map((v) => v.discipline));

/** The disciplines `userId` may veto or pick now (empty when it is not their turn). */
export function choicesOf(state: MatchState, userId: number): DisciplineId[] {
  if (turnOf(state) !== userId) return [];
  const out = vetoed(state);
  if (phaseOf(state) === 'veto') return DISCIPLINE_IDS.filter((d) => !out.has(d));
  const mine = new Set(state.games.filter((g) => g.pickedBy === userId).map((g) => g.discipline));
  return DISCIPLINE_IDS.filter((d) => !out.has(d) && !mine.has(d));
}

export type ChoiceError = 'wrong_phase' | 'not_your_turn' | 'unavailable';

/** Why `userId` may not make this veto or pick now, or null when they may. */
export function checkChoice(
  state: MatchState,
  userId: number,
  action: 'veto' | 'pick',
  discipline: DisciplineId,
): ChoiceError | null {
  if (phaseOf(state) !== action) return 'wrong_phase';
  if (turnOf(state) !== userId) return 'not_your_turn';
  if (!choicesOf(state, userId).includes(discipline)) return 'unavailable';
  return null;
}

/** A game's result from both performances: the better one wins, equal ones draw. */
export function gameOutcome(
  discipline: DisciplineId,
  creator: Performance,
  opponent: Performance,
): GameOutcome {
  if (beats(discipline, creator, opponent)) return 'creator';
  if (beats(discipline, opponent, creator)) return 'opponent';
  return 'draw';
}

/** The rating discipline of a Memory League discipline (`names` is rated as `names_faces`). */
export const ratingDisciplineOf = (id: DisciplineId) =>
  id === 'names' ? ('names_faces' as const) : id;
