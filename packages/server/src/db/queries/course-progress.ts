/**
 * The teacher's view of a course or subject (docs/features/teacher-view.md): one set-based statement per
 * part, whatever the class's size — its students, their schedules (summed per student and per
 * card in one pass), the assigned cards, and the last days' reviews. Retrievability is evaluated here with FSRS-6's curve
 * (`domain/schools/progress.ts` has the same formula and the tests compare them), each student
 * with their own decay, at the start of the assignment's due day in the student's time zone (now
 * without a due date, or once that day has begun).
 */
import type { Query } from './pg.ts';
import type { GroupKind } from './schools.ts';

const TABLES = {
  course: {
    enrollments: 'course_enrollments',
    assignments: 'course_assignments',
    key: 'course_id',
  },
  subject: {
    enrollments: 'subject_enrollments',
    assignments: 'subject_assignments',
    key: 'subject_id',
  },
} as const;

export interface ProgressScope {
  /** A course's view, or a subject's (the same figures on its own students and assignments). */
  kind: GroupKind;
  groupId: number;
  /** Only this student's rows (a student reading their own line). */
  onlyUserId?: number;
  /** The decay (negative w[20]) of the default parameters, for students without their own. */
  defaultDecay: number;
  /**
   * The assigned decks (the course's assignments, read first): named by value, the planner
   * knows how many schedules they hold and reads them through the deck index when they are
   * few of the table (through a join on the assignments it guessed, and read every schedule).
   */
  deckIds: readonly number[];
}

/**
 * The course's students with the decay of their forgetting curve (of the parameters that schedule
 * them: `learner_models`, own, a class's pooled or the defaults) and their time zone.
 */
const students = (q: Query, s: ProgressScope) => q`
  select e.user_id, u.timezone, m.parameters_source,
    coalesce(-m.parameters[21], ${s.defaultDecay}::float8) as decay
  from ${q(TABLES[s.kind].enrollments)} e
  join users u on u.id = e.user_id
  join learner_models m on m.user_id = e.user_id
  where e.${q(TABLES[s.kind].key)} = ${s.groupId} and e.role = 'student'
    ${s.onlyUserId === undefined ? q`` : q`and e.user_id = ${s.onlyUserId}`}`;

const assignments = (q: Query, s: ProgressScope) => q`
  select id, desk_id, due_date from ${q(TABLES[s.kind].assignments)}
  where ${q(TABLES[s.kind].key)} = ${s.groupId}`;

/** Predicted recall of schedule row `s` for student `st` at the due day `a.due_date`. */
const recall = (q: Query) => q`
  power(1 + (power(0.9, 1 / st.decay) - 1)
    * greatest(extract(epoch from (
        case when a.due_date is null then now()
             else greatest(now(), a.due_date::timestamp at time zone st.timezone) end)
      - s.last_review) / 86400, 0) / s.stability, st.decay)`;

/** A schedule row that has a memory to predict from. */
const studied = (q: Query) => q`s.state <> 0 and s.stability > 0 and s.last_review is not null`;

export interface ProgressStudent {
  userId: number;
  name: string;
  /** Which parameters schedule the student (the `learner_models` view). */
  parametersSource: ParametersSource;
}

export type ParametersSource = 'own' | 'pooled' | 'defaults';

export async function progressStudents(q: Query, s: ProgressScope): Promise<ProgressStudent[]> {
  const rows = await q<{ user_id: number; name: string; parameters_source: ParametersSource }[]>`
    with st as (${students(q, s)})
    select st.user_id, st.parameters_source,
      coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as name
    from st join users u on u.id = st.user_id
    order by lower(u.last_name), lower(u.first_name), lower(u.username), st.user_id`;
  return rows.map((r) => ({
    userId: r.user_id,
    name: r.name,
    parametersSource: r.parameters_source,
  }));
}

export interface StudentDeckRow {
  assignmentId: number;
  userId: number;
  started: number;
  recallSum: number;
  lastActive: Date | null;
}

export interface CardScheduleRow {
  assignmentId: number;
  cardId: number;
  reviews: number;
  lapses: number;
  recallSum: number;
}

/**
 * The class's schedules of the assigned decks, read once and summed two ways (grouping sets):
 * per assignment and student (cards started, the sum of their predicted recall, last review) and
 * per assignment and card (the class's reviews and lapses, the sum of its predicted recall).
 * Every (student, card) pair needs its own retrievability, so this is the view's one pass over
 * students × cards rows; a student or card without a schedule row has no row here.
 */
export async function scheduleProgress(
  q: Query,
  s: ProgressScope,
): Promise<{ students: StudentDeckRow[]; cards: CardScheduleRow[] }> {
  const rows = await q<
    {
      assignment_id: number;
      user_id: number | null;
      card_id: number | null;
      started: number;
      reviews: number;
      lapses: number;
      recall_sum: number;
      last_active: Date | null;
    }[]
  >`
    with st as (${students(q, s)}), a as (${assignments(q, s)})
    select a.id as assignment_id, s.user_id, s.card_id,
      count(*) filter (where s.state <> 0)::int as started,
      coalesce(sum(s.reps) filter (where s.state <> 0), 0)::int as reviews,
      coalesce(sum(s.lapses) filter (where s.state <> 0), 0)::int as lapses,
      coalesce(sum(${recall(q)}) filter (where ${studied(q)}), 0)::float8 as recall_sum,
      max(s.last_review) as last_active
    from a
    join card_schedules s on s.desk_id = a.desk_id and s.desk_id = any(${[...s.deckIds]}::int[])
    join st on st.user_id = s.user_id
    group by grouping sets ((a.id, s.user_id), (a.id, s.card_id))`;
  const perStudent: StudentDeckRow[] = [];
  const perCard: CardScheduleRow[] = [];
  for (const r of rows) {
    if (r.user_id !== null) {
      perStudent.push({
        assignmentId: r.assignment_id,
        userId: r.user_id,
        started: r.started,
        recallSum: r.recall_sum,
        lastActive: r.last_active === null ? null : new Date(r.last_active),
      });
    } else if (r.card_id !== null) {
      perCard.push({
        assignmentId: r.assignment_id,
        cardId: r.card_id,
        reviews: r.reviews,
        lapses: r.lapses,
        recallSum: r.recall_sum,
      });
    }
  }
  return { students: perStudent, cards: perCard };
}

export interface DeckCardRow {
  assignmentId: number;
  cardId: number;
  front: string;
}

/** Every card of the assigned decks, with its question cut to `frontChars` characters. */
export async function assignedCards(
  q: Query,
  s: ProgressScope,
  frontChars: number,
): Promise<DeckCardRow[]> {
  const rows = await q<{ assignment_id: number; card_id: number; front: string }[]>`
    with a as (${assignments(q, s)})
    select a.id as assignment_id, c.id as card_id, left(c.front, ${frontChars}) as front
    from a join cards c on c.desk_id = a.desk_id and c.desk_id = any(${[...s.deckIds]}::int[])
    order by a.id, c.id`;
  return rows.map((r) => ({ assignmentId: r.assignment_id, cardId: r.card_id, front: r.front }));
}

export interface ReviewDayRow {
  assignmentId: number;
  userId: number;
  daysAgo: number;
  reviews: number;
  weekReviews: number;
  weekMs: number;
}

/**
 * Per assignment, student and the student's local day of the last `days`: reviews of the deck,
 * and those of the last `weekDays` (rolling) with their answer time. Reads the review log from
 * its (user, time) index, only the last days' rows.
 */
export async function reviewDays(
  q: Query,
  s: ProgressScope,
  days: number,
  weekDays: number,
): Promise<ReviewDayRow[]> {
  const rows = await q<
    {
      assignment_id: number;
      user_id: number;
      days_ago: number;
      reviews: number;
      week_reviews: number;
      week_ms: number;
    }[]
  >`
    with st as (${students(q, s)}), a as (${assignments(q, s)})
    select a.id as assignment_id, l.user_id,
      ((now() at time zone st.timezone)::date - (l.reviewed_at at time zone st.timezone)::date)
        as days_ago,
      count(*)::int as reviews,
      count(*) filter (where l.reviewed_at > now() - make_interval(days => ${weekDays}))::int
        as week_reviews,
      coalesce(sum(l.answer_time_ms) filter (
        where l.reviewed_at > now() - make_interval(days => ${weekDays})), 0)::float8 as week_ms
    from st
    join review_logs l on l.user_id = st.user_id
      and l.reviewed_at > now() - make_interval(days => ${days + 1})
    join a on a.desk_id = l.desk_id
    group by a.id, l.user_id, days_ago`;
  return rows.map((r) => ({
    assignmentId: r.assignment_id,
    userId: r.user_id,
    daysAgo: r.days_ago,
    reviews: r.reviews,
    weekReviews: r.week_reviews,
    weekMs: r.week_ms,
  }));
}
