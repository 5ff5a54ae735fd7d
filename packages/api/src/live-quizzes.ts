/**
 * Live class quizzes (docs/features/live-quiz.md): query keys and hooks (the report's CSV is made
 * by the feature with `packages/features/shared/csv.ts`). The `live_quiz` event makes
 * `liveQuizKeys.all` stale (`EVENT_INVALIDATIONS`), so an open screen reads the quiz again on each
 * step; a reload reads it whole.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import {
  type MutationHookOptions,
  type QueryHookOptions,
  useInvalidating,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];
export type LiveQuiz = Schemas['LiveQuiz'];
export type LiveQuizSummary = Schemas['LiveQuizSummary'];
export type LiveQuizReport = Schemas['LiveQuizReport'];
export type LiveQuizAnswerResult = Schemas['LiveQuizAnswerResult'];

export const liveQuizKeys = {
  all: ['liveQuizzes'] as const,
  open: () => ['liveQuizzes', 'open'] as const,
  quiz: (id: number) => ['liveQuizzes', id] as const,
  report: (id: number) => ['liveQuizzes', id, 'report'] as const,
};

export const liveQuizQueries = {
  /** `GET auth/live-quizzes/`: quizzes not finished of the caller's courses. */
  open: () =>
    queryOptions<LiveQuizSummary[], ApiRequestError>({
      queryKey: liveQuizKeys.open(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/auth/live-quizzes/', { signal })),
    }),
  /** `GET auth/live-quizzes/{id}/`: the whole state. */
  quiz: (id: number) =>
    queryOptions<LiveQuiz, ApiRequestError>({
      queryKey: liveQuizKeys.quiz(id),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/auth/live-quizzes/{id}/', { params: { path: { id } }, signal })),
    }),
  report: (id: number) =>
    queryOptions<LiveQuizReport, ApiRequestError>({
      queryKey: liveQuizKeys.report(id),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/auth/live-quizzes/{id}/report/', { params: { path: { id } }, signal }),
        ),
    }),
};

export function useOpenLiveQuizzes(options: QueryHookOptions<LiveQuizSummary[]> = {}) {
  return useSignedInQuery(liveQuizQueries.open(), options);
}

export function useLiveQuiz(id: number, options: QueryHookOptions<LiveQuiz> = {}) {
  return useSignedInQuery(liveQuizQueries.quiz(id), options);
}

export function useLiveQuizReport(id: number, options: QueryHookOptions<LiveQuizReport> = {}) {
  return useSignedInQuery(liveQuizQueries.report(id), options);
}

const touched = (_: unknown, quiz: { id: number }) => [
  liveQuizKeys.open(),
  liveQuizKeys.quiz(quiz.id),
];

/** `POST auth/courses/{id}/live-quizzes/`. */
export function useStartLiveQuiz(
  options: MutationHookOptions<
    LiveQuiz,
    { courseId: number; deskId: number; questionCount?: number; secondsPerQuestion?: number }
  > = {},
) {
  return useInvalidating(
    options,
    async ({ courseId, deskId, questionCount, secondsPerQuestion }) =>
      unwrap(
        await api.POST('/auth/courses/{id}/live-quizzes/', {
          params: { path: { id: courseId } },
          body: {
            desk_id: deskId,
            ...(questionCount === undefined ? {} : { question_count: questionCount }),
            ...(secondsPerQuestion === undefined
              ? {}
              : { seconds_per_question: secondsPerQuestion }),
          },
        }),
      ),
    touched,
  );
}

/** `POST auth/live-quizzes/join/` with the six-digit code. */
export function useJoinLiveQuiz(options: MutationHookOptions<LiveQuiz, { code: string }> = {}) {
  return useInvalidating(
    options,
    async ({ code }) => unwrap(await api.POST('/auth/live-quizzes/join/', { body: { code } })),
    touched,
  );
}

/** `POST auth/live-quizzes/{id}/join/`: a running quiz of the student's course, in one click. */
export function useJoinLiveQuizById(options: MutationHookOptions<LiveQuiz, { id: number }> = {}) {
  return useInvalidating(
    options,
    async ({ id }) =>
      unwrap(await api.POST('/auth/live-quizzes/{id}/join/', { params: { path: { id } } })),
    touched,
  );
}

/** `POST auth/live-quizzes/{id}/next/` from what the screen shows. */
export function useAdvanceLiveQuiz(
  options: MutationHookOptions<LiveQuiz, Pick<LiveQuiz, 'id' | 'status' | 'question_index'>> = {},
) {
  return useInvalidating(
    options,
    async ({ id, status, question_index }) =>
      unwrap(
        await api.POST('/auth/live-quizzes/{id}/next/', {
          params: { path: { id } },
          body: { from_status: status, from_index: question_index },
        }),
      ),
    touched,
  );
}

/** `POST auth/live-quizzes/{id}/answer/`. */
export function useAnswerLiveQuiz(
  options: MutationHookOptions<
    LiveQuizAnswerResult,
    { id: number; questionIndex: number; option: number }
  > = {},
) {
  return useInvalidating(
    options,
    async ({ id, questionIndex, option }) =>
      unwrap(
        await api.POST('/auth/live-quizzes/{id}/answer/', {
          params: { path: { id } },
          body: { question_index: questionIndex, option },
        }),
      ),
    (variables) => [liveQuizKeys.quiz(variables.id)],
  );
}
