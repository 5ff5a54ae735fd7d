/** Deck and custom (question) duels: creating, reading, answering, and proposing questions. */
import type { Context } from 'hono';
import { clockOf } from '../../clock.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import { deckCards, type StoredAnswer, savePlayer } from '../../db/queries/duels.ts';
import { inTransaction } from '../../db/transaction.ts';
import { answerOpensAt } from '../../domain/duels/duel-clock.ts';
import { customQuestions, deckQuestions, duelCards } from '../../domain/duels/duel-content.ts';
import { DUEL_NAMES } from '../../domain/duels/duel-names.ts';
import { duelAnswerGrade, duelAnswerReviewKey } from '../../domain/duels/duel-reviews.ts';
import { answersMatch, normalizeAnswer, tallyQuiz } from '../../domain/duels/duel-scoring.ts';
import { checkQuestionCount } from '../../domain/duels/duel-setup.ts';
import { languageOf } from '../../domain/progress/activities.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, notFound, validationError } from '../../http/errors.ts';
import { AiProviderError } from '../../providers/ai/types.ts';
import { deckFor } from '../../services/decks/access.ts';
import {
  duelClock,
  me,
  type OpenDuel,
  openDuel,
  playerClock,
  QUIZ_KINDS,
  recordFor,
  settle,
  signalProgress,
  viewContext,
} from '../../services/duels/duel-settlement.ts';
import { rateInTransaction } from '../../services/review/rating.ts';
import { assertFriend, createAndInvite } from './invite.ts';
import { MESSAGES } from './messages.ts';
import { renderQuizDuel } from './responses.ts';

const DEFAULT_QUESTIONS = 10;

async function answerDuel(c: Context<AppEnv>, open: OpenDuel, status: 200 | 201) {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const view = await viewContext(sql, [open], clockOf(c.get('deps')).now());
  return c.json(renderQuizDuel(open, user.id, view), status);
}

/** Whether `given` answers `question`: one of the choices exactly (normalized), or typed forgivingly. */
function judge(options: string[] | null, expected: string, given: string): boolean {
  if (options) return normalizeAnswer(given) === normalizeAnswer(expected) && given.trim() !== '';
  return answersMatch(given, expected);
}

export const handlers: Handlers = {
  async createDuel(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const now = clockOf(c.get('deps')).now();
    await assertFriend(sql, user.id, body.opponent_id);
    const id = await inTransaction(sql, async (tx) => {
      const common = {
        mode: body.mode ?? 'normal',
        creatorId: user.id,
        opponentId: body.opponent_id,
        viewTime: body.view_time ?? null,
        answerTime: body.answer_time,
        settings: {},
      } as const;
      if (body.duel_type === 'desk') {
        const deck = await deckFor(tx, user.id, body.desk_id);
        const cards = duelCards(await deckCards(tx, deck.id));
        const error = checkQuestionCount(body.question_count, cards.length);
        if (error) throw validationError(error, error.question_count?.[0]);
        return createAndInvite(
          tx,
          {
            ...common,
            kind: 'desk',
            // The creator's opt-in: their answers count as study.
            settings: body.count_as_reviews ? { reviewers: [user.id] } : {},
            name: body.name?.trim() || deck.name,
            deckId: deck.id,
            deckName: deck.name,
            content: { questions: deckQuestions(cards, body.question_count) },
          },
          user.username,
          c.get('deps'),
        );
      }
      return createAndInvite(
        tx,
        {
          ...common,
          kind: 'custom',
          name: body.name?.trim() || DUEL_NAMES[languageOf(c.req.header('accept-language'))].custom,
          deckId: null,
          deckName: null,
          content: { questions: customQuestions(body.questions) },
        },
        user.username,
        c.get('deps'),
      );
    });
    const open = await inTransaction(sql, (tx) => openDuel(tx, id, user.id, QUIZ_KINDS, now));
    return answerDuel(c, open, 201);
  },

  async getDuel(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const now = clockOf(c.get('deps')).now();
    const open = await inTransaction(sql, (tx) =>
      openDuel(tx, params.id, user.id, QUIZ_KINDS, now),
    );
    return answerDuel(c, open, 200);
  },

  async submitDuelResponse(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const now = clockOf(c.get('deps')).now();
    // Refusals found after the clock ended someone are returned, not thrown, so that ending
    // (and a duel finished by it) commits.
    const done = await inTransaction(sql, async (tx) => {
      const open = await openDuel(tx, body.duel_id, user.id, QUIZ_KINDS, now);
      const { duel } = open;
      const questions = duel.content.questions ?? [];
      const question = questions[body.question_id - 1];
      if (!question) throw notFound(MESSAGES.questionNotFound);
      if (duel.status === 'waiting' || duel.status === 'cancelled') {
        throw new ApiError(409, 'conflict', MESSAGES.notStarted);
      }
      const player = me(open, user.id);
      const answers = player.answers as StoredAnswer[];
      if (player.finishedAt) {
        const timedOut = answers.length < questions.length;
        return { open, refusal: timedOut ? MESSAGES.tooLate : MESSAGES.alreadyFinished };
      }
      if (body.question_id !== answers.length + 1) {
        throw new ApiError(409, 'conflict', MESSAGES.notCurrentQuestion);
      }
      const opensAt = answerOpensAt(duelClock(duel), playerClock(duel, player)) ?? now;
      if (now < opensAt) throw new ApiError(409, 'conflict', MESSAGES.stillReading);
      answers.push({
        questionId: body.question_id,
        answer: body.answer,
        correct: judge(question.options, question.answer, body.answer),
        // The server's own measure from the choices showing, at most the answer time (the grace
        // is not the player's).
        timeMs: Math.min(Math.max(0, now.getTime() - opensAt.getTime()), duel.answerTime * 1000),
      });
      // A player who counts this deck duel as study: the answer is a review of its card, in
      // their own schedule, committed with the answer (a card they cannot see logs nothing).
      if (duel.kind === 'desk' && question.cardId && duel.settings.reviewers?.includes(user.id)) {
        await rateInTransaction(tx, user, question.cardId, {
          grade: duelAnswerGrade(answers[answers.length - 1]?.correct ?? false),
          now,
          idempotencyKey: duelAnswerReviewKey(duel.id, body.question_id),
        });
      }
      const tally = tallyQuiz(answers);
      player.score = tally.score;
      player.totalTimeMs = tally.timeMs;
      player.questionStartedAt = now;
      if (answers.length >= questions.length) player.finishedAt = now;
      await savePlayer(tx, player);
      await settle(tx, open, now);
      if (open.duel.status !== 'finished') {
        await recordFor(tx, open, user.id, now);
        for (const p of open.players) await signalProgress(tx, open, p.userId);
      }
      return { open, refusal: null };
    });
    if (done.refusal) throw new ApiError(409, 'conflict', done.refusal);
    const { open } = done;
    const view = renderQuizDuel(open, user.id, await viewContext(sql, [open], now));
    const shown = view.questions[body.question_id - 1];
    const result: Schemas['DuelResponseResult'] = {
      duel_id: view.id,
      question_id: body.question_id,
      is_correct: shown?.is_correct ?? null,
      correct_answer: shown?.correct_answer ?? null,
      my_score: view.my_score,
      opponent_score: view.opponent_score,
      my_answered: view.my_answered,
      my_finished: view.my_finished,
      status: view.status,
      result: view.result,
    };
    return c.json(result, 200);
  },

  async generateCustomQuestions(c, { body }) {
    const { sql, providers, logger } = c.get('deps');
    const user = currentUser(c);
    const count = body.question_count ?? DEFAULT_QUESTIONS;
    if (body.desk_id !== undefined) {
      const deck = await deckFor(sql, user.id, body.desk_id);
      const cards = duelCards(await deckCards(sql, deck.id)).slice(0, count);
      const questions = cards.map((card) => ({ question: card.front, answer: card.back }));
      return c.json({ provider: 'desk', questions }, 200);
    }
    const text = body.text?.trim() ?? '';
    if (!text)
      throw validationError({ text: ['This field is required.'] }, MESSAGES.sourceRequired);
    try {
      const cards = await providers.ai.generateCards(text, {
        locale: body.language ?? 'en',
        maxCards: count,
      });
      const questions = cards
        .filter((card) => card.front.trim() && card.back.trim())
        .map((card) => ({ question: card.front.slice(0, 1000), answer: card.back.slice(0, 500) }));
      return c.json({ provider: providers.ai.name, questions }, 200);
    } catch (error) {
      if (!(error instanceof AiProviderError)) throw error;
      logger.error('custom questions: the AI provider failed', { error: String(error) });
      throw new ApiError(503, 'unavailable', 'Question generation is unavailable right now.');
    }
  },
};
