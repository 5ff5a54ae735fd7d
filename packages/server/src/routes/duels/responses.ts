/**
 * Duels as a player may see them. The server decides what is revealed: questions' answers only
 * after the player answered (Review Mode) or finished (Normal Duel); pictures and digits only in
 * the memorize phase and after submitting; the other side's answers and scores once finished.
 */
import type { Schemas } from '../../contract/types.ts';
import type {
  DuelRequestView,
  DuelUser,
  PlayerRecord,
  StoredAnswer,
} from '../../db/queries/duels.ts';
import {
  answerOpensAt,
  questionDeadline,
  recallPhase,
  recallWindow,
} from '../../domain/duels/duel-clock.ts';
import {
  duelClock,
  isQuiz,
  itemCount,
  me,
  type OpenDuel,
  other,
  outcomeFor,
  playerClock,
  recallPoints,
} from '../../services/duels/duel-settlement.ts';
import type { DuelViewContext } from '../../services/duels/view-context.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function renderUser(user: DuelUser | undefined): Schemas['UserSummary'] {
  return {
    id: user?.id ?? 0,
    email: user?.email ?? 'deleted@invalid.example',
    username: user?.username ?? '',
    first_name: user?.firstName ?? '',
    last_name: user?.lastName ?? '',
  };
}

function resultFor(open: OpenDuel, userId: number): Schemas['DuelResult'] {
  return open.duel.status === 'finished' ? outcomeFor(open, userId) : 'in_progress';
}

function common(open: OpenDuel, userId: number, users: Map<number, DuelUser>) {
  const { duel } = open;
  return {
    id: duel.id,
    name: duel.name,
    mode: duel.mode,
    status: duel.status,
    creator: renderUser(users.get(duel.creatorId)),
    opponent: duel.status === 'cancelled' ? null : renderUser(users.get(duel.opponentId)),
    answer_time: duel.answerTime,
    result: resultFor(open, userId),
    created_at: duel.createdAt.toISOString(),
    finished_at: iso(duel.finishedAt),
  };
}

/** A deck or custom duel from `userId`'s side. */
export function renderQuizDuel(
  open: OpenDuel,
  userId: number,
  { users, connected, now }: DuelViewContext,
): Schemas['Duel'] {
  const { duel } = open;
  const mine = me(open, userId);
  const theirs = other(open, userId);
  const answers = mine.answers as StoredAnswer[];
  const finished = duel.status === 'finished';
  const started = duel.status !== 'waiting' && duel.status !== 'cancelled';
  const revealAll = finished || mine.finishedAt !== null;
  const opensAt = answerOpensAt(duelClock(duel), playerClock(duel, mine));
  // Choices show for answered questions and for the current one once its reading time is over.
  const openUpTo = opensAt && opensAt <= now ? answers.length : answers.length - 1;
  const questions = started
    ? (duel.content.questions ?? []).map((q, i) => {
        const answer = answers[i];
        const reveal = revealAll || (duel.mode === 'review' && answer !== undefined);
        return {
          id: i + 1,
          position: i + 1,
          prompt: q.prompt,
          image: q.image,
          options: revealAll || i <= openUpTo ? q.options : null,
          my_answer: answer?.answer ?? null,
          is_correct: reveal ? (answer?.correct ?? false) : null,
          correct_answer: reveal ? q.answer : null,
        };
      })
    : [];
  return {
    ...common(open, userId, users),
    server_now: now.toISOString(),
    duel_type: duel.kind as 'desk' | 'custom',
    desk_id: duel.deckId,
    desk_name: duel.deckName,
    question_count: itemCount(duel),
    view_time: duel.viewTime,
    questions,
    my_score: revealAll || duel.mode === 'review' ? mine.score : null,
    opponent_score: finished ? theirs.score : null,
    my_time_ms: finished ? mine.totalTimeMs : null,
    opponent_time_ms: finished ? theirs.totalTimeMs : null,
    my_answered: answers.length,
    opponent_answered: theirs.answers.length,
    my_finished: mine.finishedAt !== null,
    opponent_finished: theirs.finishedAt !== null,
    question_deadline_at: iso(questionDeadline(duelClock(duel), playerClock(duel, mine))),
    answer_opens_at: iso(opensAt),
    opponent_deadline_at: iso(opponentDeadline(open, theirs)),
    opponent_connected: connected.has(theirs.userId),
    started_at: iso(duel.acceptedAt),
  };
}

/**
 * When the opponent's current step closes (quiz: their current question; recall: their recall),
 * before the grace; null once they are done or while the duel does not run. A player who finished
 * waits for this: past it plus the grace, a read ends the opponent's part and the duel.
 */
function opponentDeadline(open: OpenDuel, them: PlayerRecord): Date | null {
  const { duel } = open;
  if (duel.status !== 'in_progress' || them.finishedAt) return null;
  const clock = duelClock(duel);
  const theirs = playerClock(duel, them);
  if (isQuiz(duel.kind)) return questionDeadline(clock, theirs);
  return recallWindow(clock, theirs)?.recallEndsAt ?? null;
}

function phaseOf(open: OpenDuel, player: PlayerRecord, now: Date) {
  const { duel } = open;
  if (duel.status === 'finished') return 'finished' as const;
  if (duel.status !== 'in_progress') return 'waiting' as const;
  return recallPhase(duelClock(duel), playerClock(duel, player), now);
}

function renderRecall(open: OpenDuel, userId: number, { users, connected, now }: DuelViewContext) {
  const { duel } = open;
  const mine = me(open, userId);
  const finished = duel.status === 'finished';
  const phase = phaseOf(open, mine, now);
  const window = recallWindow(duelClock(duel), playerClock(duel, mine));
  const results = open.players.map((p) => {
    const visible = finished || (p.userId === userId && p.finishedAt !== null);
    return {
      user: renderUser(users.get(p.userId)),
      submitted: p.finishedAt !== null,
      answers: visible ? (p.answers as string[]) : [],
      item_points: visible ? recallPoints(duel, p.answers as string[]) : [],
      correct_count: visible ? p.score : 0,
      score: visible ? p.score : 0,
      submitted_at: iso(p.finishedAt),
    };
  });
  return {
    ...common(open, userId, users),
    server_now: now.toISOString(),
    view_time: duel.viewTime ?? 1,
    results,
    my_phase: phase,
    memorize_ends_at: iso(window?.memorizeEndsAt ?? null),
    recall_ends_at: iso(window?.recallEndsAt ?? null),
    item_count: itemCount(duel),
    opponent_connected: connected.has(other(open, userId).userId),
    opponent_deadline_at: iso(opponentDeadline(open, other(open, userId))),
    /** Whether the items may be shown now. */
    showItems: phase === 'memorize' || phase === 'submitted' || phase === 'finished',
  };
}

export function renderImageDuel(
  open: OpenDuel,
  userId: number,
  view: DuelViewContext,
): Schemas['ImageDuel'] {
  const { showItems, ...base } = renderRecall(open, userId, view);
  const { duel } = open;
  return {
    ...base,
    word_limit: duel.settings.wordLimit ?? itemCount(duel),
    language: duel.settings.language ?? 'en',
    items: showItems
      ? (duel.content.items ?? []).map((item, i) => ({
          position: i + 1,
          word: item.word,
          picture: item.picture,
          image: null,
        }))
      : [],
  };
}

export function renderTableDuel(
  open: OpenDuel,
  userId: number,
  view: DuelViewContext,
): Schemas['TableDuel'] {
  const { showItems, ...base } = renderRecall(open, userId, view);
  const { duel } = open;
  return {
    ...base,
    number_limit: duel.settings.numberLimit ?? itemCount(duel),
    digits: duel.settings.digits ?? 2,
    numbers: showItems ? (duel.content.numbers ?? []) : [],
  };
}

/** A history row from `userId`'s side: scores once the duel is finished, 0 before. */
export function renderHistoryEntry(
  open: OpenDuel,
  userId: number,
  users: Map<number, DuelUser>,
): Schemas['DuelHistoryEntry'] {
  const { duel } = open;
  const finished = duel.status === 'finished';
  const them = other(open, userId);
  return {
    duel_id: duel.id,
    duel_type: duel.kind,
    name: duel.name,
    opponent_username: users.get(them.userId)?.username ?? null,
    status: duel.status,
    result: resultFor(open, userId),
    my_score: finished ? me(open, userId).score : 0,
    opponent_score: finished ? them.score : 0,
    // Answer times decide equal scores of question duels only.
    my_time_ms: finished && isQuiz(duel.kind) ? me(open, userId).totalTimeMs : null,
    opponent_time_ms: finished && isQuiz(duel.kind) ? them.totalTimeMs : null,
    created_at: duel.createdAt.toISOString(),
    finished_at: iso(duel.finishedAt),
  };
}

export function renderDuelRequest(r: DuelRequestView, callerId: number): Schemas['DuelRequest'] {
  const sent = r.senderId === callerId;
  return {
    id: r.id,
    sender_id: r.senderId,
    receiver_id: r.receiverId,
    sender_email: r.sender.email,
    receiver_email: r.receiver.email,
    sender_username: r.sender.username,
    receiver_username: r.receiver.username,
    status: r.status,
    duel_type: r.duelType,
    duel_id: r.duelId,
    direction: sent ? 'sent' : 'received',
    created_at: r.createdAt.toISOString(),
    responded_at: iso(r.respondedAt),
    is_deleted: sent ? r.senderDeleted : r.receiverDeleted,
    duel_status: r.duelStatus,
  };
}
