import { describe, expect, it } from 'vitest';
import { forfeitOutcome, timedOutPlayers } from './stalls.ts';

const A = 1;
const B = 2;
const t0 = new Date('2026-01-01T10:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
/** Recall ends 300 s after the start (60 s memorise + 240 s recall). */
const opened = (userId: number, startSeconds: number, submitted = false) => ({
  userId,
  recallEndsAt: at(startSeconds + 300),
  submitted,
});

describe('timedOutPlayers', () => {
  it('nobody before the recall deadline and its 2 s grace', () => {
    const plays = [opened(A, 0, true), opened(B, 10)];
    expect(timedOutPlayers([A, B], plays, at(310))).toEqual([]);
    expect(timedOutPlayers([A, B], plays, at(312))).toEqual([]);
  });

  it('a player who opened and did not submit by their own deadline', () => {
    const plays = [opened(A, 0, true), opened(B, 10)];
    expect(timedOutPlayers([A, B], plays, at(313))).toEqual([B]);
  });

  it('a player who never opened, once the other player’s deadline passed', () => {
    const plays = [opened(A, 0)];
    expect(timedOutPlayers([A, B], plays, at(301))).toEqual([]);
    expect(timedOutPlayers([A, B], plays, at(303))).toEqual([A, B]);
    expect(timedOutPlayers([A, B], [opened(A, 0, true)], at(303))).toEqual([B]);
  });

  it('nobody when neither opened (nothing measures the wait) or both are in', () => {
    expect(timedOutPlayers([A, B], [], at(10_000))).toEqual([]);
    const both = [opened(A, 0, true), opened(B, 0, true)];
    expect(timedOutPlayers([A, B], both, at(10_000))).toEqual([]);
  });
});

describe('forfeitOutcome', () => {
  it('the other player wins the match', () => {
    expect(forfeitOutcome({ creatorId: A, opponentId: B }, A)).toBe('opponent');
    expect(forfeitOutcome({ creatorId: A, opponentId: B }, B)).toBe('creator');
  });
});
