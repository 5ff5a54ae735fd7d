/** Solo training attempts (`training_attempts`): every SQL statement of memory training. */
import type {
  DisciplineId,
  GeneratedContent,
  Mark,
  ResolvedOptions,
} from '../../domain/duels/disciplines/index.ts';
import { pgDate, pgDateOrNull, type Query } from './pg.ts';

export interface TrainingResultData {
  marks: Mark[];
  rowPoints: number[] | null;
}

export interface TrainingRecord {
  id: number;
  userId: number;
  discipline: DisciplineId;
  variant: string;
  options: ResolvedOptions;
  seed: number;
  content: GeneratedContent;
  maxScore: number;
  startedAt: Date;
  memorizeEndsAt: Date;
  recallEndsAt: Date;
  submittedAt: Date | null;
  result: TrainingResultData | null;
  score: number | null;
  memorizeMs: number | null;
  late: boolean;
  personalBest: boolean;
}

interface TrainingRow {
  id: number;
  user_id: number;
  discipline: DisciplineId;
  variant: string;
  options: ResolvedOptions;
  seed: number;
  content: GeneratedContent;
  max_score: number;
  started_at: Date | string;
  memorize_ends_at: Date | string;
  recall_ends_at: Date | string;
  submitted_at: Date | string | null;
  result: TrainingResultData | null;
  score: number | null;
  memorize_ms: number | null;
  late: boolean;
  personal_best: boolean;
}

const toRecord = (row: TrainingRow): TrainingRecord => ({
  id: row.id,
  userId: row.user_id,
  discipline: row.discipline,
  variant: row.variant,
  options: row.options,
  seed: row.seed,
  content: row.content,
  maxScore: row.max_score,
  startedAt: pgDate(row.started_at),
  memorizeEndsAt: pgDate(row.memorize_ends_at),
  recallEndsAt: pgDate(row.recall_ends_at),
  submittedAt: pgDateOrNull(row.submitted_at),
  result: row.result,
  score: row.score,
  memorizeMs: row.memorize_ms,
  late: row.late,
  personalBest: row.personal_best,
});

/** Every column but the content (a list never needs the answer key or the faces). */
const SUMMARY_COLUMNS = `id, user_id, discipline, variant, options, seed, null::jsonb as content,
  max_score, started_at, memorize_ends_at, recall_ends_at, submitted_at, null::jsonb as result,
  score, memorize_ms, late, personal_best`;

export interface NewTraining {
  userId: number;
  discipline: DisciplineId;
  variant: string;
  options: ResolvedOptions;
  seed: number;
  content: GeneratedContent;
  maxScore: number;
  startedAt: Date;
  memorizeEndsAt: Date;
  recallEndsAt: Date;
}

export async function insertTraining(q: Query, t: NewTraining): Promise<TrainingRecord> {
  const [row] = await q<TrainingRow[]>`
    insert into training_attempts (user_id, discipline, variant, options, seed, content, max_score,
      started_at, memorize_ends_at, recall_ends_at)
    values (${t.userId}, ${t.discipline}, ${t.variant}, ${JSON.stringify(t.options)}::jsonb,
      ${t.seed}, ${JSON.stringify(t.content)}::jsonb, ${t.maxScore}, ${t.startedAt.toISOString()},
      ${t.memorizeEndsAt.toISOString()}, ${t.recallEndsAt.toISOString()})
    returning *`;
  if (!row) throw new Error('insert into training_attempts returned no row');
  return toRecord(row);
}

/** The attempt `id` of `userId` (another learner's is none), locked for the submit that follows. */
export async function trainingForSubmit(
  q: Query,
  id: number,
  userId: number,
): Promise<TrainingRecord | null> {
  // The learner's row first: one learner's submits run one at a time, so two cannot both be a
  // personal best over the same previous one.
  await q`select 1 from users where id = ${userId} for update`;
  const [row] = await q<TrainingRow[]>`
    select * from training_attempts where id = ${id} and user_id = ${userId} for update`;
  return row ? toRecord(row) : null;
}

/** The learner's current personal best of `variant`: the newest attempt that set one. */
export async function currentBest(
  q: Query,
  userId: number,
  variant: string,
): Promise<TrainingRecord | null> {
  const [row] = await q<TrainingRow[]>`
    select ${q.unsafe(SUMMARY_COLUMNS)} from training_attempts
    where user_id = ${userId} and variant = ${variant} and personal_best
    order by submitted_at desc, id desc limit 1`;
  return row ? toRecord(row) : null;
}

export interface TrainingSubmission {
  submittedAt: Date;
  answers: string[];
  result: TrainingResultData;
  score: number;
  memorizeMs: number;
  late: boolean;
  personalBest: boolean;
}

export async function saveSubmission(
  q: Query,
  id: number,
  s: TrainingSubmission,
): Promise<TrainingRecord> {
  const [row] = await q<TrainingRow[]>`
    update training_attempts set submitted_at = ${s.submittedAt.toISOString()},
      answers = ${JSON.stringify(s.answers)}::jsonb, result = ${JSON.stringify(s.result)}::jsonb,
      score = ${s.score}, memorize_ms = ${s.memorizeMs}, late = ${s.late},
      personal_best = ${s.personalBest}
    where id = ${id}
    returning *`;
  if (!row) throw new Error('update of training_attempts returned no row');
  return toRecord(row);
}

/** The learner's newest `limit` attempts, without their content. */
export async function listTraining(
  q: Query,
  userId: number,
  limit: number,
): Promise<TrainingRecord[]> {
  const rows = await q<TrainingRow[]>`
    select ${q.unsafe(SUMMARY_COLUMNS)} from training_attempts
    where user_id = ${userId} order by started_at desc, id desc limit ${limit}`;
  return rows.map(toRecord);
}

/** The learner's current personal best per variant. */
export async function personalBests(q: Query, userId: number): Promise<TrainingRecord[]> {
  const rows = await q<TrainingRow[]>`
    select distinct on (variant) ${q.unsafe(SUMMARY_COLUMNS)} from training_attempts
    where user_id = ${userId} and personal_best
    order by variant, submitted_at desc, id desc`;
  return rows.map(toRecord);
}
