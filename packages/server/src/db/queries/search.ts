/**
 * The card browser's search (docs/features/search.md): a parsed query (`domain/search/query.ts`)
 * compiled to one parameterised WHERE clause over the learner's schedules. Every value of the
 * query goes in as a parameter; the only SQL text chosen by the query comes from the fixed
 * fragments below (operators, sort columns).
 */

import { STOCK_DEFINITIONS, STOCK_NOTE_TYPES } from '../../domain/notes/stock-types.ts';
import { dueWindow } from '../../domain/review/queue.ts';
import { addDays, type LearnerDay, startOfLocalDay } from '../../domain/review/scheduling.ts';
import {
  type Comparison,
  type Glob,
  globMatches,
  type SearchNode,
} from '../../domain/search/query.ts';
import { iso, pgDate, type Query } from './pg.ts';

/** A fragment of a statement. */
type Fragment = ReturnType<Query>;

export const SEARCH_SORTS = [
  'due',
  'added',
  'interval',
  'difficulty',
  'lapses',
  'retrievability',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** What a query is read against: the learner, their clock and their forgetting curve. */
export interface SearchContext {
  userId: number;
  now: Date;
  timeZone: string;
  today: LearnerDay;
  /** The FSRS forgetting curve R = (1 + factor · t / S) ^ decay (ts-fsrs `computeDecayFactor`). */
  curve: { decay: number; factor: number };
}

export interface SearchHit {
  id: number;
  deckId: number;
  deckName: string;
  noteId: number;
  ordinal: number;
  noteType: string;
  front: string;
  back: string;
  tags: string[];
  state: number;
  due: Date;
  interval: number;
  stability: number;
  difficulty: number;
  reps: number;
  lapses: number;
  retrievability: number | null;
  suspended: boolean;
  buried: boolean;
  flag: number;
  createdAt: Date;
}

interface SearchRow {
  id: number;
  desk_id: number;
  desk_name: string;
  note_id: number;
  ordinal: number;
  stock_type: string | null;
  note_type_name: string | null;
  front: string;
  back: string;
  tags: string[];
  state: number;
  due: string;
  scheduled_days: number;
  stability: number;
  difficulty: number;
  reps: number;
  lapses: number;
  retrievability: number | null;
  suspended: boolean;
  buried: boolean;
  flag: number;
  created_at: string;
}

/** A glob as an ILIKE pattern (backslash escapes), anchored or matching anywhere. */
export function likePattern(glob: Glob, anywhere: boolean): string {
  const body = glob
    .map((p) =>
      p === 'any' ? '%' : p === 'one' ? '_' : p.literal.replace(/[\\%_]/g, (ch) => `\\${ch}`),
    )
    .join('');
  return anywhere ? `%${body}%` : body;
}

/** The card's text that words search: both sides, on separate lines (the trigram index's). */
const cardText = (q: Query) => q`(c.front || E'\\n' || c.back)`;

/** A note field's text: its HTML without tags and with the common entities read. */
const fieldText = (q: Query, value: ReturnType<Query>) => q`
  replace(replace(replace(replace(regexp_replace(${value}, '<[^>]*>', '', 'g'),
    '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&amp;', '&')`;

/**
 * Today's retrievability of the card on the learner's curve, from whole days since its last
 * review as ts-fsrs's `get_retrievability` counts them; null for a card never rated.
 */
function retrievability(q: Query, ctx: SearchContext): Fragment {
  return q`(case when s.state = 0 or s.stability <= 0 or s.last_review is null then null
    else power(1 + ${ctx.curve.factor}::float8
      * greatest(floor(extract(epoch from (${iso(ctx.now)}::timestamptz - s.last_review)) / 86400), 0)
      / s.stability, ${ctx.curve.decay}::float8) end)`;
}

function compare(q: Query, left: Fragment, op: Comparison, right: Fragment): Fragment {
  switch (op) {
    case '<':
      return q`${left} < ${right}`;
    case '<=':
      return q`${left} <= ${right}`;
    case '=':
      return q`${left} = ${right}`;
    case '!=':
      return q`${left} <> ${right}`;
    case '>=':
      return q`${left} >= ${right}`;
    case '>':
      return q`${left} > ${right}`;
  }
}

/** The start of the day `days - 1` days before the learner's today (`rated:1` is today). */
const sinceDays = (ctx: SearchContext, days: number) =>
  startOfLocalDay(addDays(ctx.today.day, -(days - 1)), ctx.timeZone);

function leaf(q: Query, node: SearchNode, ctx: SearchContext): ReturnType<Query> {
  switch (node.kind) {
    case 'text':
      return node.anyAccent
        ? q`unaccent(${cardText(q)}) ilike unaccent(${likePattern(node.pattern, true)})`
        : q`${cardText(q)} ilike ${likePattern(node.pattern, true)}`;
    case 'field': {
      const like = likePattern(node.pattern, false);
      if (node.field === 'front') return q`c.front ilike ${like}`;
      if (node.field === 'back') return q`c.back ilike ${like}`;
      return q`exists (select 1 from jsonb_each_text(n.fields) f
        where lower(f.key) = ${node.field} and ${fieldText(q, q`f.value`)} ilike ${like})`;
    }
    case 'deck': {
      const like = likePattern(node.pattern, false);
      return q`(d.name ilike ${like} or d.name ilike ${`${like}::%`})`;
    }
    case 'tag': {
      const like = likePattern(node.pattern, false);
      return q`exists (select 1 from unnest(n.tags) t where t ilike ${like} or t ilike ${`${like}::%`})`;
    }
    case 'untagged':
      return q`cardinality(n.tags) = 0`;
    case 'is':
      switch (node.value) {
        case 'new':
          return q`s.state = 0`;
        case 'learn':
          return q`s.state in (1, 3)`;
        case 'review':
          return q`s.state in (2, 3)`;
        case 'due': {
          // The review queue's window (`dueIn` in queue.ts), less what is suspended or buried.
          const w = dueWindow(ctx.now, ctx.today);
          return q`(s.state <> 0 and not s.suspended
            and (s.buried_until is null or s.buried_until <= ${iso(ctx.now)}::timestamptz)
            and (s.state = 2 and s.due < ${iso(w.reviewBefore)}::timestamptz
                 or s.state <> 2 and s.due <= ${iso(w.learnAheadBy)}::timestamptz))`;
        }
        case 'suspended':
          return q`s.suspended`;
        case 'buried':
          return q`(s.buried_until is not null and s.buried_until > ${iso(ctx.now)}::timestamptz)`;
        case 'leech':
          return q`exists (select 1 from unnest(n.tags) t where lower(t) = 'leech')`;
      }
      break;
    case 'flag':
      return q`s.flag = ${node.flag}`;
    case 'prop': {
      const whole: Fragment = q`${node.value}::int`;
      const real: Fragment = q`${node.value}::float8`;
      switch (node.prop) {
        case 'ivl':
          return compare(q, q`s.scheduled_days`, node.op, whole);
        case 'lapses':
          return compare(q, q`s.lapses`, node.op, whole);
        case 'reps':
          return compare(q, q`s.reps`, node.op, whole);
        case 'due':
          return q`(s.state <> 0 and ${compare(
            q,
            q`((s.due at time zone ${ctx.timeZone})::date - ${ctx.today.day}::date)`,
            node.op,
            whole,
          )})`;
        case 'r':
          return q`(s.state <> 0 and s.stability > 0 and s.last_review is not null and ${compare(
            q,
            retrievability(q, ctx),
            node.op,
            real,
          )})`;
        case 's':
          return q`(s.state <> 0 and ${compare(q, q`s.stability`, node.op, real)})`;
        case 'd':
          // Anki shows and searches difficulty from 0 to 1: FSRS's 1..10 scaled.
          return q`(s.state <> 0 and ${compare(q, q`(s.difficulty - 1) / 9`, node.op, real)})`;
      }
      break;
    }
    case 'rated':
      return q`exists (select 1 from review_logs l
        where l.card_id = s.card_id and l.user_id = ${ctx.userId}
          and l.reviewed_at >= ${iso(sinceDays(ctx, node.days))}::timestamptz
          ${node.rating === null ? q`` : q`and l.rating = ${node.rating}`})`;
    case 'added':
      return q`c.created_at >= ${iso(sinceDays(ctx, node.days))}::timestamptz`;
    case 'note': {
      const stock = STOCK_NOTE_TYPES.filter(
        (key) =>
          globMatches(node.pattern, key) || globMatches(node.pattern, STOCK_DEFINITIONS[key].name),
      );
      return q`(coalesce(n.stock_type, '') = any(${stock}::text[]) or exists (select 1 from note_types nt
        where nt.id = n.note_type_id and nt.name ilike ${likePattern(node.pattern, false)}))`;
    }
    case 'card_ids':
      return q`s.card_id = any(${node.ids}::int[])`;
    case 'note_ids':
      return q`c.note_id = any(${node.ids}::int[])`;
  }
  throw new Error(`no SQL for search node ${node.kind}`);
}

/** Which of `cards` (c) and `notes` (n) a query's condition reads. */
export function tablesRead(node: SearchNode): { cards: boolean; notes: boolean } {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children
        .map(tablesRead)
        .reduce((a, b) => ({ cards: a.cards || b.cards, notes: a.notes || b.notes }), {
          cards: false,
          notes: false,
        });
    case 'not':
      return tablesRead(node.child);
    case 'text':
    case 'added':
    case 'note_ids':
      return { cards: true, notes: false };
    case 'field':
      return { cards: true, notes: node.field !== 'front' && node.field !== 'back' };
    case 'tag':
    case 'untagged':
    case 'note':
      return { cards: true, notes: true };
    case 'is':
      return { cards: node.value === 'leech', notes: node.value === 'leech' };
    default:
      return { cards: false, notes: false };
  }
}

/**
 * The WHERE condition of a query. Every leaf is true or false, never NULL (a card never rated
 * has no retrievability, one never buried no `buried_until`: their leaves test for that first),
 * so that `-` finds exactly the cards a term does not. Leaves are not wrapped in coalesce():
 * the planner could not use the trigram index through it.
 */
export function compileSearch(q: Query, node: SearchNode, ctx: SearchContext): ReturnType<Query> {
  switch (node.kind) {
    case 'and':
      return node.children.length === 0
        ? q`true`
        : node.children
            .map((child) => compileSearch(q, child, ctx))
            .reduce((acc, part) => q`${acc} and ${part}`);
    case 'or':
      return q`(${node.children
        .map((child) => compileSearch(q, child, ctx))
        .reduce((acc, part) => q`${acc} or ${part}`)})`;
    case 'not':
      return q`not ${compileSearch(q, node.child, ctx)}`;
    default:
      return leaf(q, node, ctx);
  }
}

function sortColumn(q: Query, sort: SearchSort, ctx: SearchContext) {
  switch (sort) {
    case 'due':
      return q`s.due`;
    case 'added':
      return q`c.created_at`;
    case 'interval':
      return q`s.scheduled_days`;
    case 'difficulty':
      return q`s.difficulty`;
    case 'lapses':
      return q`s.lapses`;
    case 'retrievability':
      return retrievability(q, ctx);
  }
}

const stockName = (key: string) =>
  (STOCK_DEFINITIONS as Record<string, { name: string } | undefined>)[key]?.name ?? key;

/**
 * The two statements of a search, not yet sent: how many cards match, and one page of them. The
 * page is found in two steps: the matching cards' ids and sort keys, sorted and cut to the page;
 * then the page's rows read whole. Reading every column (note type name, tags, text) of every
 * matching card only to sort them and keep 50 cost most of an unfiltered search's time.
 */
export function searchStatements(
  q: Query,
  ctx: SearchContext,
  where: SearchNode,
  order: { sort: SearchSort; descending: boolean },
  page: { offset: number; limit: number },
) {
  // Every schedule has its card and every card its note (foreign keys, not null), so those joins
  // never drop a row: a query that reads neither (is:, prop:, flag:, deck:) counts without them.
  const reads = tablesRead(where);
  const withCards = reads.notes || reads.cards || order.sort === 'added';
  const from = q`
    from card_schedules s
    ${withCards ? q`join cards c on c.id = s.card_id` : q``}
    ${reads.notes ? q`join notes n on n.id = c.note_id` : q``}
    join desks d on d.id = s.desk_id
    where s.user_id = ${ctx.userId}
      and (d.owner_id = ${ctx.userId} or exists (select 1 from desk_shares ds
        where ds.desk_id = d.id and ds.user_id = ${ctx.userId}))
      and ${compileSearch(q, where, ctx)}`;
  const direction = order.descending ? q`desc nulls last` : q`asc nulls last`;
  return {
    count: q<{ n: number }[]>`select count(*)::int as n ${from}`,
    page: q<SearchRow[]>`
      with hits as materialized (
        select s.card_id, ${sortColumn(q, order.sort, ctx)} as sort_key
        ${from}
        order by sort_key ${direction}, s.card_id
        limit ${page.limit} offset ${page.offset})
      select c.id, c.desk_id, d.name as desk_name, c.note_id, c.ordinal, n.stock_type,
        nt.name as note_type_name, c.front, c.back, n.tags, s.state::int as state, s.due,
        s.scheduled_days, s.stability, s.difficulty, s.reps, s.lapses,
        ${retrievability(q, ctx)} as retrievability, s.suspended,
        coalesce(s.buried_until > ${iso(ctx.now)}::timestamptz, false) as buried,
        s.flag::int as flag, c.created_at
      from hits h
      join card_schedules s on s.user_id = ${ctx.userId} and s.card_id = h.card_id
      join cards c on c.id = h.card_id
      join notes n on n.id = c.note_id
      join desks d on d.id = c.desk_id
      left join note_types nt on nt.id = n.note_type_id
      order by h.sort_key ${direction}, h.card_id`,
  };
}

/**
 * One page of the cards the learner can see (decks they own or that are shared with them) that
 * match `where`, sorted (ties by card id, cards never rated last by retrievability), and the
 * number matching in all.
 */
export async function searchCards(
  q: Query,
  ctx: SearchContext,
  where: SearchNode,
  order: { sort: SearchSort; descending: boolean },
  page: { offset: number; limit: number },
): Promise<{ count: number; hits: SearchHit[] }> {
  const statements = searchStatements(q, ctx, where, order, page);
  const [[total], rows] = await Promise.all([statements.count, statements.page]);
  return {
    count: total?.n ?? 0,
    hits: rows.map((r) => ({
      id: r.id,
      deckId: r.desk_id,
      deckName: r.desk_name,
      noteId: r.note_id,
      ordinal: r.ordinal,
      noteType: r.stock_type ? stockName(r.stock_type) : (r.note_type_name ?? ''),
      front: r.front,
      back: r.back,
      tags: r.tags,
      state: r.state,
      due: pgDate(r.due),
      interval: r.scheduled_days,
      stability: r.stability,
      difficulty: r.difficulty,
      reps: r.reps,
      lapses: r.lapses,
      retrievability: r.retrievability,
      suspended: r.suspended,
      buried: r.buried,
      flag: r.flag,
      createdAt: pgDate(r.created_at),
    })),
  };
}
