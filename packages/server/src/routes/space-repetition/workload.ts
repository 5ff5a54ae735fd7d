/**
 * Workload planning (issue 43): the simulator, exam dates per deck, postpone and advance with
 * undo. The rules are pure, in `domain/workload`; here the learner's data is read and written.
 */
import type { Handlers, Schemas } from '../../contract/types.ts';
import { visibleDecks } from '../../db/queries/desks.ts';
import { learnerModel } from '../../db/queries/memory-models.ts';
import {
  answerTimes,
  applyReschedule,
  examDates,
  newCardsByDeck,
  reviewCardsDueBetween,
  setExamDate,
  studiedSchedules,
  undoRescheduleBatch,
} from '../../db/queries/workload.ts';
import { inTransaction } from '../../db/transaction.ts';
import { DEFAULT_WEIGHTS } from '../../domain/review/memory-model.ts';
import { addDays, learnerDay } from '../../domain/review/scheduling.ts';
import { learnerCosts } from '../../domain/workload/costs.ts';
import { curveOf } from '../../domain/workload/memory.ts';
import { planReschedule } from '../../domain/workload/reschedule.ts';
import { retentionCurve, type StudiedCard, simulate } from '../../domain/workload/simulator.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, notFound, validationError } from '../../http/errors.ts';
import { deckFor } from '../../services/decks/access.ts';
import { MESSAGES } from './messages.ts';

const DAY_MS = 86_400_000;
/** Every simulation is seeded with this: the same learner and request answer the same days. */
const SEED = 43;
/**
 * The retention curve and the suggestion simulate at most a year, as fsrs-rs's CMRR does (its
 * `learn_span`): 22 runs of ten years of a large deck would take seconds.
 */
const CURVE_DAYS = 365;

/** Whole days from `from` to `to`, both `YYYY-MM-DD`. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

export const handlers: Handlers = {
  async simulateWorkload(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const deckId = body.desk_id ?? null;
    if (deckId !== null) await deckFor(sql, user.id, deckId);
    const today = learnerDay(new Date(), user.timezone);
    const [model, studied, waiting, decks, times, exams] = await Promise.all([
      learnerModel(sql, user.id),
      studiedSchedules(sql, user.id, deckId),
      newCardsByDeck(sql, user.id, deckId),
      visibleDecks(sql, user.id, deckId === null ? {} : { id: deckId }),
      answerTimes(sql, user.id),
      examDates(sql, user.id, deckId),
    ]);
    const retention = body.desired_retention ?? model.desiredRetention;
    const cards: StudiedCard[] = studied.map((s) => ({
      stability: s.stability,
      difficulty: s.difficulty,
      lastReview: Math.min(
        0,
        Math.floor((s.lastReview.getTime() - today.start.getTime()) / DAY_MS),
      ),
      due: Math.floor((s.due.getTime() - today.start.getTime()) / DAY_MS),
    }));
    let newCards = 0;
    let newPerDay = 0;
    for (const deck of decks) {
      const count = waiting.get(deck.id) ?? 0;
      newCards += count;
      if (count > 0) newPerDay += deck.newCardsPerDay;
    }
    const examDate =
      body.exam_date !== undefined
        ? body.exam_date
        : deckId === null
          ? null
          : (exams.get(deckId) ?? null);
    const examDay = examDate === null ? undefined : daysBetween(today.day, examDate);
    const own = learnerCosts(times);
    const input = {
      weights: model.parameters ?? DEFAULT_WEIGHTS,
      days: body.days,
      cards,
      newCards,
      newPerDay,
      costs: own.costs,
      firstRatingShares: own.firstRatingShares,
      recallRatingShares: own.recallRatingShares,
      seed: SEED,
      spread: 'balance' as const,
      firstWeekday: (new Date(`${today.day}T00:00:00Z`).getUTCDay() + 6) % 7,
      examDay: examDay !== undefined && examDay >= 0 ? examDay : undefined,
    };
    const run = simulate({ ...input, desiredRetention: retention });
    const curve = retentionCurve({ ...input, days: Math.min(body.days, CURVE_DAYS) });
    const answer: Schemas['Workload'] = {
      desired_retention: retention,
      days: run.days.map((d, i) => ({
        date: addDays(today.day, i),
        reviews: d.reviews,
        new_cards: d.newCards,
        minutes: round(d.seconds / 60, 1),
      })),
      total_minutes: round(run.totalSeconds / 60, 1),
      minutes_per_day: round(run.totalSeconds / 60 / body.days, 1),
      memorized: round(run.memorized, 1),
      retention_curve: curve.curve.map((p) => ({
        desired_retention: p.retention,
        minutes_per_day: round(p.minutesPerDay, 1),
        memorized: round(p.memorized, 1),
        seconds_per_card_memorized: Number.isFinite(p.secondsPerMemorized)
          ? round(p.secondsPerMemorized, 1)
          : 0,
      })),
      suggested_retention: curve.suggested,
      uses_fitted_parameters: model.parameters !== null,
      review_seconds: {
        again: round(own.costs.review[0], 1),
        hard: round(own.costs.review[1], 1),
        good: round(own.costs.review[2], 1),
        easy: round(own.costs.review[3], 1),
      },
      uses_own_review_times: own.ownTimes,
      exam_date: examDate,
    };
    return c.json(answer, 200);
  },

  async setDeskExam(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const deck = await deckFor(sql, user.id, params.id);
    const date = body.date;
    if (date !== null && date < learnerDay(new Date(), user.timezone).day) {
      throw validationError({ date: [MESSAGES.examInPast] });
    }
    await setExamDate(sql, user.id, deck.id, date);
    return c.json({ desk_id: deck.id, date }, 200);
  },

  async rescheduleCards(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const deckId = body.desk_id ?? null;
    if (deckId !== null) await deckFor(sql, user.id, deckId);
    const now = new Date();
    const today = learnerDay(now, user.timezone);
    const result = await inTransaction(sql, async (tx) => {
      const model = await learnerModel(tx, user.id);
      const candidates =
        body.kind === 'postpone'
          ? await reviewCardsDueBetween(tx, user.id, deckId, null, today.end)
          : await reviewCardsDueBetween(
              tx,
              user.id,
              deckId,
              now,
              new Date(now.getTime() + body.days * DAY_MS),
            );
      const plan = planReschedule({
        kind: body.kind,
        days: body.days,
        candidates,
        now,
        curve: curveOf(model.parameters ?? DEFAULT_WEIGHTS),
        desiredRetention: model.desiredRetention,
        limit: body.limit,
      });
      const id = await applyReschedule(
        tx,
        user.id,
        body.kind,
        plan.moves.map((m) => ({
          card_id: m.cardId,
          due_before: m.dueBefore.toISOString(),
          due_after: m.dueAfter.toISOString(),
        })),
      );
      return { id, plan };
    });
    const { id, plan } = result;
    return c.json(
      {
        id,
        kind: body.kind,
        moved: plan.moves.length,
        safe_count: plan.safeCount,
        retention_before: plan.retentionBefore === null ? null : round(plan.retentionBefore, 4),
        retention_after: plan.retentionAfter === null ? null : round(plan.retentionAfter, 4),
      },
      200,
    );
  },

  async undoReschedule(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const restored = await inTransaction(sql, (tx) => undoRescheduleBatch(tx, user.id, params.id));
    if (restored === undefined) throw notFound(MESSAGES.rescheduleNotFound);
    if (restored === null) throw new ApiError(409, 'conflict', MESSAGES.rescheduleUndone);
    return c.json({ id: params.id, restored }, 200);
  },
};
