/**
 * Custom study sessions beyond today's queue: cram (ratings sent with `cram: true` change no
 * schedule, see rating.ts), ahead, forgotten and extra new cards. A session is the list of cards
 * the review island plays; nothing is stored for it.
 */
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  aheadCards,
  cramCards,
  extraNewCards,
  forgottenCards,
} from '../../db/queries/custom-study.ts';
import { learnerModel } from '../../db/queries/memory-models.ts';
import { presetForDesk } from '../../db/queries/presets.ts';
import { schedulerFor, schedulerForDeck } from '../../domain/review/memory-model.ts';
import { learnerDay } from '../../domain/review/scheduling.ts';
import { currentUser } from '../../http/current-user.ts';
import { deckFor } from '../../services/decks/access.ts';
import { toDueCard } from '../../services/review/responses.ts';

const DAY = 86_400_000;
/** The contract's defaults. */
const DEFAULT_LIMIT = 50;
const DEFAULT_DAYS = 7;

export const handlers: Handlers = {
  async createCustomStudy(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const deckId = body.desk_id;
    if (deckId !== undefined) await deckFor(sql, user.id, deckId);
    const now = new Date();
    const today = learnerDay(now, user.timezone);
    const read = { userId: user.id, deckId, limit: body.limit ?? DEFAULT_LIMIT, now };
    const cards = await (() => {
      switch (body.kind) {
        case 'cram':
          return cramCards(sql, {
            ...read,
            tag: body.tag,
            seed: Math.round(today.start.getTime() / DAY),
          });
        case 'ahead':
          return aheadCards(sql, {
            ...read,
            from: today.end,
            until: new Date(today.end.getTime() + (body.days ?? DEFAULT_DAYS) * DAY),
          });
        case 'forgotten':
          return forgottenCards(sql, { ...read, since: today.start });
        case 'new':
          return extraNewCards(sql, { ...read, day: today.day });
      }
    })();
    // The previews follow the deck's preset when the session is one deck's, else the learner's.
    const model = await learnerModel(sql, user.id);
    const preset = deckId === undefined ? undefined : await presetForDesk(sql, user.id, deckId);
    const scheduler = preset ? schedulerForDeck(model, preset) : schedulerFor(model);
    const memo = new Map<string, Schemas['ReviewIntervals']>();
    const result: Schemas['CustomStudySession'] = {
      kind: body.kind,
      desk_id: deckId ?? null,
      cram: body.kind === 'cram',
      cards: cards.map((card) => toDueCard(card, now, undefined, memo, scheduler)),
    };
    return c.json(result, 200);
  },
};
