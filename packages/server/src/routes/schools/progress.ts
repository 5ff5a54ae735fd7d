/**
 * `GET auth/courses/{id}/progress/` and `GET auth/subjects/{id}/progress/`: the teacher's view of a
 * course or subject (docs/features/teacher-view.md). The group's owner and teachers read every
 * student; a student of the group reads their own
 * line and no card figures; anyone else gets 404 (`groupFor`). Four set-based statements
 * (`db/queries/course-progress.ts`), the figures from `domain/schools/progress.ts`.
 */
import type { Context } from 'hono';
import type { Handlers, Schemas } from '../../contract/types.ts';
import { groupAssignments } from '../../db/queries/assignments.ts';
import {
  assignedCards,
  type ProgressScope,
  progressStudents,
  reviewDays,
  scheduleProgress,
} from '../../db/queries/course-progress.ts';
import type { GroupKind } from '../../db/queries/schools.ts';
import {
  dayCounts,
  FRONT_CHARS,
  forgetShare,
  lapseRate,
  minutesOf,
  PROGRESS_DAYS,
  predictedRetention,
  studentDecay,
  WEEK_DAYS,
} from '../../domain/schools/progress.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { groupFor } from './access.ts';

const key = (assignmentId: number, id: number) => `${assignmentId}:${id}`;

/** The most forgotten first, then the most lapsed, then by id (a stable order). */
const hardestFirst = (
  a: { forgetShare: number | null; lapseRate: number | null; cardId: number },
  b: { forgetShare: number | null; lapseRate: number | null; cardId: number },
) =>
  (b.forgetShare ?? 0) - (a.forgetShare ?? 0) ||
  (b.lapseRate ?? 0) - (a.lapseRate ?? 0) ||
  a.cardId - b.cardId;

/** The view of a course or subject: its assignments, each with its students and cards. */
async function groupProgress(c: Context<AppEnv>, kind: GroupKind, id: number) {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const group = await groupFor(sql, kind, user, id);
  const teaches = group.isOwner || group.myRole === 'teacher';
  const assignments = await groupAssignments(sql, kind, group.id);
  const scope: ProgressScope = {
    kind,
    groupId: group.id,
    onlyUserId: teaches ? undefined : user.id,
    defaultDecay: studentDecay(null),
    deckIds: assignments.map((a) => a.deckId),
  };
  const [students, schedules, cards, days] = await Promise.all([
    progressStudents(sql, scope),
    scheduleProgress(sql, scope),
    teaches ? assignedCards(sql, scope, FRONT_CHARS) : Promise.resolve([]),
    reviewDays(sql, scope, PROGRESS_DAYS, WEEK_DAYS),
  ]);
  const deckRows = new Map(schedules.students.map((d) => [key(d.assignmentId, d.userId), d]));
  const cardSums = new Map(schedules.cards.map((r) => [key(r.assignmentId, r.cardId), r]));
  const dayRows = Map.groupBy(days, (d) => key(d.assignmentId, d.userId));
  const cardRows = Map.groupBy(
    cards.map((c) => {
      const sums = cardSums.get(key(c.assignmentId, c.cardId));
      return {
        ...c,
        reviews: sums?.reviews ?? 0,
        lapseRate: lapseRate(sums?.lapses ?? 0, sums?.reviews ?? 0),
        forgetShare: forgetShare(sums?.recallSum ?? 0, students.length),
      };
    }),
    (r) => r.assignmentId,
  );
  return {
    groupId: group.id,
    computed_at: new Date().toISOString(),
    assignments: assignments.map((a) => ({
      id: a.id,
      desk_id: a.deckId,
      desk_name: a.deckName,
      cards_count: a.cardsCount,
      due_date: a.dueDate,
      students: students.map((s) => {
        const deck = deckRows.get(key(a.id, s.userId));
        const mine = dayRows.get(key(a.id, s.userId)) ?? [];
        return {
          user_id: s.userId,
          name: s.name,
          cards_started: deck?.started ?? 0,
          reviews_week: mine.reduce((n, d) => n + d.weekReviews, 0),
          minutes_week: minutesOf(mine.reduce((n, d) => n + d.weekMs, 0)),
          reviews_per_day: dayCounts(mine),
          predicted_retention: predictedRetention(deck?.recallSum ?? 0, a.cardsCount),
          own_parameters: s.parametersSource === 'own',
          parameters_source: s.parametersSource,
          last_active: deck?.lastActive?.toISOString() ?? null,
        };
      }),
      cards: (cardRows.get(a.id) ?? []).sort(hardestFirst).map((r) => ({
        card_id: r.cardId,
        front: r.front,
        reviews: r.reviews,
        lapse_rate: r.lapseRate,
        forget_share: r.forgetShare,
      })),
    })),
  } satisfies Omit<Schemas['CourseProgress'], 'course_id'> & { groupId: number };
}

export const handlers: Handlers = {
  getCourseProgress: async (c, { params }) => {
    const { groupId, ...view } = await groupProgress(c, 'course', params.id);
    const body: Schemas['CourseProgress'] = { course_id: groupId, ...view };
    return c.json(body, 200);
  },
  getSubjectProgress: async (c, { params }) => {
    const { groupId, ...view } = await groupProgress(c, 'subject', params.id);
    const body: Schemas['SubjectProgress'] = { subject_id: groupId, ...view };
    return c.json(body, 200);
  },
};
