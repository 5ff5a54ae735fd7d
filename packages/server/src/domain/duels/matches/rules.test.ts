import { describe, expect, it } from 'vitest';
import {
  checkChoice,
  choicesOf,
  gameOutcome,
  type MatchState,
  phaseOf,
  scoreOf,
  turnOf,
} from './rules.ts';

const A = 1; // creator (challenger)
const B = 2; // opponent (challenged)
const fresh = (bestOf: 3 | 5 = 3): MatchState => ({
  bestOf,
  creatorId: A,
  opponentId: B,
  vetoes: [],
  games: [],
});
const vetoed = (bestOf: 3 | 5 = 3): MatchState => ({
  ...fresh(bestOf),
  vetoes: [
    { userId: A, discipline: 'cards' },
    { userId: B, discipline: 'words' },
  ],
});

describe('vetoes', () => {
  it('the challenger vetoes first, then the challenged, each one of the disciplines left', () => {
    const s = fresh();
    expect(phaseOf(s)).toBe('veto');
    expect(turnOf(s)).toBe(A);
    expect(checkChoice(s, B, 'veto', 'cards')).toBe('not_your_turn');
    expect(checkChoice(s, A, 'pick', 'cards')).toBe('wrong_phase');
    expect(choicesOf(s, A)).toHaveLength(5);
    const one: MatchState = { ...s, vetoes: [{ userId: A, discipline: 'cards' }] };
    expect(turnOf(one)).toBe(B);
    expect(checkChoice(one, B, 'veto', 'cards')).toBe('unavailable');
    expect(choicesOf(one, B)).not.toContain('cards');
    expect(choicesOf(one, A)).toEqual([]);
  });
});

describe('picks', () => {
  it('alternate from the challenged; vetoed and own earlier picks are out', () => {
    const s = vetoed(5);
    expect(phaseOf(s)).toBe('pick');
    expect(turnOf(s)).toBe(B);
    expect(choicesOf(s, B)).toEqual(['numbers', 'images', 'names']);
    const g1: MatchState = {
      ...s,
      games: [{ discipline: 'numbers', pickedBy: B, outcome: null }],
    };
    expect(phaseOf(g1)).toBe('play');
    expect(turnOf(g1)).toBeNull();
    expect(checkChoice(g1, A, 'pick', 'images')).toBe('wrong_phase');
    const done1: MatchState = {
      ...s,
      games: [{ discipline: 'numbers', pickedBy: B, outcome: 'creator' }],
    };
    expect(turnOf(done1)).toBe(A);
    // The creator may pick what the opponent picked; the opponent never repeats their own.
    expect(choicesOf(done1, A)).toEqual(['numbers', 'images', 'names']);
    const done2: MatchState = {
      ...done1,
      games: [...done1.games, { discipline: 'numbers', pickedBy: A, outcome: 'opponent' }],
    };
    expect(turnOf(done2)).toBe(B);
    expect(choicesOf(done2, B)).toEqual(['images', 'names']);
    expect(checkChoice(done2, B, 'pick', 'numbers')).toBe('unavailable');
    expect(checkChoice(done2, B, 'pick', 'cards')).toBe('unavailable');
    expect(checkChoice(done2, B, 'pick', 'images')).toBeNull();
  });
});

describe('games and the match', () => {
  it('a game goes to the higher score, then the shorter memorisation; equal draws', () => {
    const p = (score: number, memorizeMs: number) => ({ score, maxScore: 80, memorizeMs });
    expect(gameOutcome('numbers', p(40, 60000), p(20, 10000))).toBe('creator');
    expect(gameOutcome('numbers', p(40, 60000), p(40, 30000))).toBe('opponent');
    expect(gameOutcome('numbers', p(40, 60000), p(40, 60000))).toBe('draw');
    // Cards: a full deck beats any incomplete one, whatever the time.
    const full = { score: 52, maxScore: 52, memorizeMs: 60000 };
    expect(gameOutcome('cards', full, { score: 51, maxScore: 52, memorizeMs: 1000 })).toBe(
      'creator',
    );
  });

  it('best of three ends at 2-0 and at 2-1; a drawn game counts toward the three', () => {
    const g = (outcome: 'creator' | 'opponent' | 'draw') => ({
      discipline: 'numbers' as const,
      pickedBy: B,
      outcome,
    });
    expect(scoreOf({ ...vetoed(), games: [g('creator')] }).finished).toBe(false);
    const twoNil = scoreOf({ ...vetoed(), games: [g('creator'), g('creator')] });
    expect(twoNil).toMatchObject({ finished: true, winner: 'creator', creatorWins: 2 });
    const split = { ...vetoed(), games: [g('creator'), g('opponent')] };
    expect(phaseOf(split)).toBe('pick');
    expect(scoreOf({ ...split, games: [...split.games, g('opponent')] }).winner).toBe('opponent');
    expect(scoreOf({ ...split, games: [...split.games, g('draw')] })).toMatchObject({
      finished: true,
      winner: 'draw',
      draws: 1,
    });
    // 1-0 with a draw and one game left: the trailing player can still draw level.
    expect(scoreOf({ ...vetoed(), games: [g('creator'), g('draw')] }).finished).toBe(false);
    expect(phaseOf({ ...vetoed(), games: [g('creator'), g('creator')] })).toBe('finished');
  });

  it('best of five ends once the lead is more than the games left', () => {
    const g = (outcome: 'creator' | 'opponent' | 'draw') => ({
      discipline: 'images' as const,
      pickedBy: A,
      outcome,
    });
    const s = (...o: ('creator' | 'opponent' | 'draw')[]) =>
      scoreOf({ ...vetoed(5), games: o.map(g) });
    expect(s('opponent', 'opponent').finished).toBe(false);
    expect(s('opponent', 'opponent', 'opponent')).toMatchObject({
      finished: true,
      winner: 'opponent',
    });
    expect(s('creator', 'creator', 'draw', 'draw')).toMatchObject({
      finished: true,
      winner: 'creator',
    });
    expect(s('creator', 'opponent', 'creator', 'opponent').finished).toBe(false);
  });
});
