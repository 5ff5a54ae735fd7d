/**
 * Image and table duels: memorize pictures (with their names) or numbers for the view time, then
 * type them back in order within the answer time. One handler set serves both kinds.
 */
import type { Context } from 'hono';
import { clockOf } from '../../clock.ts';
import type { Handlers } from '../../contract/types.ts';
import { type DuelKind, listDuelsOf, playersOfMany, savePlayer } from '../../db/queries/duels.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recallPhase } from '../../domain/duels/duel-clock.ts';
import { digitSequence, pickIndexes } from '../../domain/duels/duel-content.ts';
import { DUEL_NAMES } from '../../domain/duels/duel-names.ts';
import { pictures } from '../../domain/duels/duel-pictures.ts';
import { sum } from '../../domain/duels/duel-scoring.ts';
import { languageOf } from '../../domain/progress/activities.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError } from '../../http/errors.ts';
import {
  duelClock,
  itemCount,
  me,
  type OpenDuel,
  openDuel,
  playerClock,
  recallPoints,
  recordFor,
  settle,
  settleRunning,
  signalProgress,
  viewContext,
} from '../../services/duels/duel-settlement.ts';
import type { DuelViewContext } from '../../services/duels/view-context.ts';
import { assertFriend, createAndInvite } from './invite.ts';
import { MESSAGES } from './messages.ts';
import { renderImageDuel, renderTableDuel } from './responses.ts';

type RecallKind = Extract<DuelKind, 'images' | 'table'>;

/** How many duels a list shows (newest first). */
const LIST_LIMIT = 100;

type Renderer<T> = (open: OpenDuel, userId: number, view: DuelViewContext) => T;

async function render<T>(c: Context<AppEnv>, draw: Renderer<T>, opens: OpenDuel[]): Promise<T[]> {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const view = await viewContext(sql, opens, clockOf(c.get('deps')).now());
  return opens.map((open) => draw(open, user.id, view));
}

async function readOne<T>(c: Context<AppEnv>, kind: RecallKind, id: number, draw: Renderer<T>) {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const now = clockOf(c.get('deps')).now();
  const open = await inTransaction(sql, (tx) => openDuel(tx, id, user.id, [kind], now));
  const [view] = await render(c, draw, [open]);
  return view as T;
}

const DRAW = { images: renderImageDuel, table: renderTableDuel } as const;

async function list<T>(c: Context<AppEnv>, kind: RecallKind, draw: Renderer<T>) {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  await settleRunning(sql, [user.id], clockOf(c.get('deps')).now());
  const { duels } = await listDuelsOf(sql, user.id, [kind], { offset: 0, limit: LIST_LIMIT });
  const players = await playersOfMany(
    sql,
    duels.map((d) => d.id),
  );
  return render(
    c,
    draw,
    duels.map((duel) => ({ duel, players: players.get(duel.id) ?? [] })),
  );
}

/** Takes the caller's recalled list, scores it, and finishes the duel when both are done. */
async function submit<T>(
  c: Context<AppEnv>,
  kind: RecallKind,
  id: number,
  given: string[],
  draw: Renderer<T>,
) {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const now = clockOf(c.get('deps')).now();
  // A refusal found after the clock ended someone is returned, so that the ending commits.
  const refusal = await inTransaction(sql, async (tx) => {
    const open = await openDuel(tx, id, user.id, [kind], now);
    const { duel } = open;
    if (duel.status === 'waiting' || duel.status === 'cancelled') {
      throw new ApiError(409, 'conflict', MESSAGES.notStarted);
    }
    const player = me(open, user.id);
    if (player.finishedAt) {
      // The clock ends a player who never submitted with nothing received.
      return player.answers.length === 0 ? MESSAGES.tooLate : MESSAGES.alreadyFinished;
    }
    if (recallPhase(duelClock(duel), playerClock(duel, player), now) !== 'recall') {
      throw new ApiError(409, 'conflict', MESSAGES.stillMemorizing);
    }
    const answers = given.slice(0, itemCount(duel));
    player.answers = answers;
    player.score = sum(recallPoints(duel, answers));
    player.totalTimeMs = Math.max(0, now.getTime() - (player.phaseStartedAt ?? now).getTime());
    player.finishedAt = now;
    await savePlayer(tx, player);
    await settle(tx, open, now);
    if (open.duel.status !== 'finished') {
      await recordFor(tx, open, user.id, now);
      for (const p of open.players) await signalProgress(tx, open, p.userId);
    }
    return null;
  });
  if (refusal) throw new ApiError(409, 'conflict', refusal);
  return readOne(c, kind, id, draw);
}

export const handlers: Handlers = {
  async createImageDuel(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    await assertFriend(sql, user.id, body.opponent_id);
    const language = body.language ?? 'en';
    const catalog = pictures();
    const items = pickIndexes(catalog.length, body.word_limit).map((i) => {
      const picture = catalog[i] as (typeof catalog)[number];
      return { picture: picture.emoji, word: picture[language] };
    });
    const id = await inTransaction(sql, (tx) =>
      createAndInvite(
        tx,
        {
          kind: 'images',
          name: body.name?.trim() || DUEL_NAMES[languageOf(c.req.header('accept-language'))].images,
          mode: body.mode ?? 'normal',
          creatorId: user.id,
          opponentId: body.opponent_id,
          deckId: null,
          deckName: null,
          viewTime: body.view_time,
          answerTime: body.answer_time,
          settings: { wordLimit: body.word_limit, language },
          content: { items },
        },
        user.username,
        c.get('deps'),
      ),
    );
    return c.json(await readOne(c, 'images', id, DRAW.images), 201);
  },

  async createTableDuel(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    await assertFriend(sql, user.id, body.opponent_id);
    const digits = body.digits ?? 2;
    const id = await inTransaction(sql, (tx) =>
      createAndInvite(
        tx,
        {
          kind: 'table',
          name: body.name?.trim() || DUEL_NAMES[languageOf(c.req.header('accept-language'))].table,
          mode: body.mode ?? 'normal',
          creatorId: user.id,
          opponentId: body.opponent_id,
          deckId: null,
          deckName: null,
          viewTime: body.view_time,
          answerTime: body.answer_time,
          settings: { numberLimit: body.number_limit, digits },
          content: { numbers: digitSequence(body.number_limit, digits) },
        },
        user.username,
        c.get('deps'),
      ),
    );
    return c.json(await readOne(c, 'table', id, DRAW.table), 201);
  },

  async listImageDuels(c) {
    return c.json(await list(c, 'images', DRAW.images), 200);
  },

  async listTableDuels(c) {
    return c.json(await list(c, 'table', DRAW.table), 200);
  },

  async getImageDuel(c, { params }) {
    return c.json(await readOne(c, 'images', params.id, DRAW.images), 200);
  },

  async getTableDuel(c, { params }) {
    return c.json(await readOne(c, 'table', params.id, DRAW.table), 200);
  },

  async submitImageDuelWords(c, { params, body }) {
    return c.json(await submit(c, 'images', params.id, body.words, DRAW.images), 200);
  },

  async submitTableDuelNumbers(c, { params, body }) {
    return c.json(await submit(c, 'table', params.id, body.numbers, DRAW.table), 200);
  },
};
