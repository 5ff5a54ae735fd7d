/**
 * Solo memory training (`duels/training/`) and the disciplines' rules (`duels/disciplines/`): start
 * an attempt (content and deadlines; the answer key stays here), submit its recall (score, each
 * item marked, personal best), and list the learner's history and bests. The rules, content and
 * scoring are `domain/duels/disciplines`.
 */
import { randomInt } from 'node:crypto';
import { clockOf } from '../../clock.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import { ownWords } from '../../db/queries/major-table.ts';
import type { Query } from '../../db/queries/pg.ts';
import {
  currentBest,
  insertTraining,
  listTraining,
  personalBests,
  saveSubmission,
  type TrainingRecord,
  trainingForSubmit,
} from '../../db/queries/training.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  deadlinesOf,
  memorizeMsOf,
  submittedLate,
} from '../../domain/duels/disciplines/attempt.ts';
import {
  beats,
  DISCIPLINE_IDS,
  DISCIPLINES,
  type DisciplineRules,
  resolveOptions,
  variantOf,
} from '../../domain/duels/disciplines/index.ts';
import { missedGroups } from '../../domain/duels/disciplines/major-help.ts';
import type { Mark } from '../../domain/duels/disciplines/types.ts';
import { languageOf } from '../../domain/progress/activities.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, notFound, validationError } from '../../http/errors.ts';
import { MESSAGES } from './messages.ts';

/** How many attempts the history lists (newest first). */
const HISTORY_LIMIT = 100;

const rulesView = (r: DisciplineRules): Schemas['DisciplineRules'] => ({
  id: r.id,
  memorize_seconds: r.memorizeSeconds,
  recall_seconds: r.recallSeconds,
  default_count: r.defaultCount,
  min_count: r.minCount,
  max_count: r.maxCount,
  count_step: r.countStep,
  unit: r.unit,
  languages: r.languages,
  scoring: r.scoring,
});

const summaryView = (t: TrainingRecord): Schemas['TrainingSummary'] => ({
  id: t.id,
  discipline: t.discipline,
  options: t.options,
  score: t.score,
  max_score: t.maxScore,
  memorize_ms: t.memorizeMs,
  late: t.late,
  personal_best: t.personalBest,
  started_at: t.startedAt.toISOString(),
  submitted_at: t.submittedAt?.toISOString() ?? null,
});

/**
 * Numbers: each missed group of digits with the learner's own Major-System word for it, from
 * their table in the request's language (read only when something was missed).
 */
async function numbersHelp(
  q: Query,
  userId: number,
  marks: readonly Mark[],
  acceptLanguage: string | undefined,
): Promise<Schemas['MissedDigitGroup'][]> {
  if (marks.every((m) => m.correct)) return [];
  return missedGroups(marks, await ownWords(q, userId, languageOf(acceptLanguage)));
}

export const handlers: Handlers = {
  async listDisciplines(c) {
    return c.json(
      DISCIPLINE_IDS.map((id) => rulesView(DISCIPLINES[id].rules)),
      200,
    );
  },

  async startTraining(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const discipline = DISCIPLINES[body.discipline];
    const language = languageOf(c.req.header('accept-language'));
    const resolved = resolveOptions(body.discipline, body.options ?? {}, language);
    if ('errors' in resolved) throw validationError(resolved.errors);
    const { options } = resolved;
    const seed = randomInt(0, 2 ** 31 - 1);
    const content = discipline.generate(seed, options);
    const startedAt = clockOf(c.get('deps')).now();
    const attempt = await insertTraining(sql, {
      userId: user.id,
      discipline: body.discipline,
      variant: variantOf(body.discipline, options),
      options,
      seed,
      content,
      maxScore: discipline.score(content.truth, content.truth, options).maxScore,
      startedAt,
      ...deadlinesOf(discipline.rules, startedAt),
    });
    return c.json(
      {
        id: attempt.id,
        discipline: attempt.discipline,
        options: attempt.options,
        content: content.view,
        started_at: attempt.startedAt.toISOString(),
        memorize_ends_at: attempt.memorizeEndsAt.toISOString(),
        recall_ends_at: attempt.recallEndsAt.toISOString(),
        server_now: clockOf(c.get('deps')).now().toISOString(),
      },
      201,
    );
  },

  async submitTraining(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const now = clockOf(c.get('deps')).now();
    const outcome = await inTransaction(sql, async (tx) => {
      const attempt = await trainingForSubmit(tx, params.id, user.id);
      if (!attempt) throw notFound(MESSAGES.trainingNotFound);
      if (attempt.submittedAt) throw new ApiError(409, 'conflict', MESSAGES.trainingSubmitted);
      const discipline = DISCIPLINES[attempt.discipline];
      const scored = discipline.score(attempt.content.truth, body.answers, attempt.options);
      const memorizeMs = memorizeMsOf(body.memorize_ms, discipline.rules, attempt.startedAt, now);
      const late = submittedLate(attempt.recallEndsAt, now);
      const best = await currentBest(tx, user.id, attempt.variant);
      const mine = { score: scored.score, maxScore: scored.maxScore, memorizeMs };
      // A late attempt is scored but never a best: its recall had more time than the rules give.
      const personalBest =
        !late &&
        (best === null ||
          beats(attempt.discipline, mine, {
            score: best.score ?? 0,
            maxScore: best.maxScore,
            memorizeMs: best.memorizeMs ?? 0,
          }));
      const saved = await saveSubmission(tx, attempt.id, {
        submittedAt: now,
        answers: body.answers,
        result: { marks: scored.marks, rowPoints: scored.rowPoints ?? null },
        score: scored.score,
        memorizeMs,
        late,
        personalBest,
      });
      return { saved, scored, best: personalBest ? saved : best };
    });
    const { saved, scored, best } = outcome;
    return c.json(
      {
        attempt: summaryView(saved),
        marks: scored.marks,
        row_points: scored.rowPoints ?? null,
        personal_best: saved.personalBest,
        best: summaryView(best ?? saved),
        missed_groups:
          saved.discipline === 'numbers'
            ? await numbersHelp(sql, user.id, scored.marks, c.req.header('accept-language'))
            : null,
      },
      200,
    );
  },

  async listTrainingAttempts(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const [attempts, bests] = await Promise.all([
      listTraining(sql, user.id, HISTORY_LIMIT),
      personalBests(sql, user.id),
    ]);
    return c.json(
      { attempts: attempts.map(summaryView), personal_bests: bests.map(summaryView) },
      200,
    );
  },
};
