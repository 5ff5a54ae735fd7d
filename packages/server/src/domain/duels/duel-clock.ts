/**
 * The server's clock of a duel. Each player's phase starts on their first read after the opponent
 * accepted, or at the latest `START_WINDOW_MS` after acceptance, so a player who never comes back
 * still runs out of time. A quiz gives each question `viewTime` to read it (when set) and then
 * `answerTime` to answer, counted from the previous answer; a recall duel shows the items for `viewTime`, then gives `answerTime` to submit. Answers
 * are taken until a deadline plus `GRACE_MS` (the network's share), refused after.
 */

export const GRACE_MS = 2_000;
export const START_WINDOW_MS = 5 * 60_000;
/** Recall duels count 3-2-1 from the phase start before the items show, so both see them whole. */
export const COUNTDOWN_MS = 3_000;

export interface PlayerClock {
  /** The player's first read after acceptance (null until then). */
  phaseStartedAt: Date | null;
  /** Quiz: when the current question was shown (null: the phase start). */
  questionStartedAt: Date | null;
  answered: number;
  finishedAt: Date | null;
}

export interface DuelClock {
  kind: 'desk' | 'custom' | 'images' | 'table';
  acceptedAt: Date | null;
  viewTime: number | null;
  answerTime: number;
  questionCount: number;
}

const later = (d: Date, ms: number) => new Date(d.getTime() + ms);

/** When the player's phase starts (or started); null while the duel has no opponent. */
export function phaseStart(duel: DuelClock, player: PlayerClock): Date | null {
  if (!duel.acceptedAt) return null;
  return player.phaseStartedAt ?? later(duel.acceptedAt, START_WINDOW_MS);
}

/**
 * Quiz: when the player's current question closes (before grace); null when not running. The
 * question's reading time (`viewTime`) comes before its answer time, so both count.
 */
export function questionDeadline(duel: DuelClock, player: PlayerClock): Date | null {
  const start = phaseStart(duel, player);
  if (!start || player.finishedAt || player.answered >= duel.questionCount) return null;
  const windowMs = ((duel.viewTime ?? 0) + duel.answerTime) * 1000;
  return later(player.questionStartedAt ?? start, windowMs);
}

/**
 * Quiz: when the player's current question opens for answers, after its reading time
 * (`viewTime`); null when no question is current. Options stay hidden before it.
 */
export function answerOpensAt(duel: DuelClock, player: PlayerClock): Date | null {
  const start = phaseStart(duel, player);
  if (!start || player.finishedAt || player.answered >= duel.questionCount) return null;
  return later(player.questionStartedAt ?? start, (duel.viewTime ?? 0) * 1000);
}

/** Recall: the start and end of the memorize phase and the end of the recall (before grace). */
export function recallWindow(
  duel: DuelClock,
  player: PlayerClock,
): { memorizeStartsAt: Date; memorizeEndsAt: Date; recallEndsAt: Date } | null {
  const start = phaseStart(duel, player);
  if (!start) return null;
  const memorizeStartsAt = later(start, COUNTDOWN_MS);
  const memorizeEndsAt = later(memorizeStartsAt, (duel.viewTime ?? 0) * 1000);
  return {
    memorizeStartsAt,
    memorizeEndsAt,
    recallEndsAt: later(memorizeEndsAt, duel.answerTime * 1000),
  };
}

/** Whether an answer arriving at `now` is after its deadline and the grace. */
export function isLate(deadline: Date | null, now: Date): boolean {
  return deadline !== null && now.getTime() > deadline.getTime() + GRACE_MS;
}

/**
 * When the player's part ended: their own `finishedAt`, or the moment their time ran out (the
 * deadline plus the grace) when that is before `now`; null while they are still playing. Ending
 * at the deadline rather than at the read that noticed it keeps the record the same whoever
 * reads first.
 */
export function doneAt(duel: DuelClock, player: PlayerClock, now: Date): Date | null {
  if (player.finishedAt) return player.finishedAt;
  if (!duel.acceptedAt) return null;
  let deadline: Date | null;
  if (duel.kind === 'desk' || duel.kind === 'custom') {
    if (player.answered >= duel.questionCount) return now;
    deadline = questionDeadline(duel, player);
  } else {
    deadline = recallWindow(duel, player)?.recallEndsAt ?? null;
  }
  return deadline && isLate(deadline, now) ? later(deadline, GRACE_MS) : null;
}

/** Whether the player's part is over: finished, every question answered, or out of time. */
export function playerDone(duel: DuelClock, player: PlayerClock, now: Date): boolean {
  return doneAt(duel, player, now) !== null;
}

export type RecallPhase = 'waiting' | 'countdown' | 'memorize' | 'recall' | 'submitted';

/** Where a recall player is at `now` (before their phase starts they are still waiting). */
export function recallPhase(duel: DuelClock, player: PlayerClock, now: Date): RecallPhase {
  if (player.finishedAt) return 'submitted';
  const window = recallWindow(duel, player);
  const start = phaseStart(duel, player);
  if (!window || !start || now < start) return 'waiting';
  if (now < window.memorizeStartsAt) return 'countdown';
  if (now < window.memorizeEndsAt) return 'memorize';
  if (isLate(window.recallEndsAt, now)) return 'submitted';
  return 'recall';
}
