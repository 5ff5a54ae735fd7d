/**
 * The card browser's search language: Anki's syntax for what Memoria stores
 * (docs/features/search.md). `parseSearch` reads a query into a tree the storage layer compiles
 * to parameterised SQL (`db/queries/search.ts`); it never touches SQL itself. Pure.
 */

/** One piece of a wildcard pattern: literal text, `*` (any run of characters) or `_` (one). */
export type GlobPart = { literal: string } | 'any' | 'one';
export type Glob = readonly GlobPart[];

export const IS_VALUES = ['new', 'learn', 'review', 'due', 'suspended', 'buried', 'leech'] as const;
export type IsValue = (typeof IS_VALUES)[number];

export const PROPS = ['ivl', 'due', 'lapses', 'reps', 'r', 's', 'd'] as const;
export type Prop = (typeof PROPS)[number];
export const COMPARISONS = ['<=', '>=', '!=', '<', '>', '='] as const;
export type Comparison = (typeof COMPARISONS)[number];

export type SearchNode =
  | { kind: 'and'; children: SearchNode[] }
  | { kind: 'or'; children: SearchNode[] }
  | { kind: 'not'; child: SearchNode }
  /** Anywhere in the card's text (front and back); `anyAccent` is Anki's `nc:`. */
  | { kind: 'text'; pattern: Glob; anyAccent: boolean }
  /** A whole side (`front`, `back`) or note field (by key), with wildcards. */
  | { kind: 'field'; field: string; pattern: Glob }
  | { kind: 'deck'; pattern: Glob }
  | { kind: 'tag'; pattern: Glob }
  | { kind: 'untagged' }
  | { kind: 'is'; value: IsValue }
  | { kind: 'flag'; flag: number }
  | { kind: 'prop'; prop: Prop; op: Comparison; value: number }
  | { kind: 'rated'; days: number; rating: number | null }
  | { kind: 'added'; days: number }
  | { kind: 'note'; pattern: Glob }
  | { kind: 'card_ids'; ids: number[] }
  | { kind: 'note_ids'; ids: number[] };

/** A query that does not parse: where (0-based character) and what, for people. */
export class SearchSyntaxError extends Error {
  readonly position: number;
  readonly problem: string;
  constructor(position: number, problem: string) {
    super(`Search at character ${position + 1}: ${problem}`);
    this.position = position;
    this.problem = problem;
  }
}

/** Groups and negations nest at most this deep (the SQL they compile to nests as deep). */
export const MAX_DEPTH = 32;

/** `rated:` and `added:` reach back at most this many days. */
export const MAX_DAYS = 36_500;

type Token =
  | { type: '(' | ')' | 'or' | 'and' | '-'; pos: number }
  /** `text` keeps its backslash escapes (a `\*` is a literal star); quotes are removed. */
  | { type: 'term'; pos: number; text: string };

const isSpace = (ch: string) => /\s/u.test(ch);

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const ch = query[i] as string;
    if (isSpace(ch)) {
      i++;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ type: ch, pos: i++ });
    } else if (ch === '-' && i + 1 < query.length && !isSpace(query[i + 1] as string)) {
      // A leading `-` negates what follows: a term, a quoted phrase or a group.
      tokens.push({ type: '-', pos: i++ });
    } else {
      const start = i;
      let text = '';
      let quoted = false;
      let quoteAt = -1;
      let wasQuoted = false;
      while (i < query.length) {
        const c = query[i] as string;
        if (c === '\\') {
          text += query.slice(i, i + 2);
          i += 2;
          continue;
        }
        if (c === '"') {
          quoted = !quoted;
          wasQuoted = true;
          quoteAt = i;
          i++;
          continue;
        }
        if (!quoted && (isSpace(c) || c === '(' || c === ')')) break;
        text += c;
        i++;
      }
      if (quoted) throw new SearchSyntaxError(quoteAt, 'this quote is never closed.');
      if (text.endsWith('\\') && !text.endsWith('\\\\')) {
        throw new SearchSyntaxError(i - 1, 'a backslash at the end escapes nothing.');
      }
      const word = text.toLowerCase();
      if (!wasQuoted && (word === 'or' || word === 'and')) tokens.push({ type: word, pos: start });
      else tokens.push({ type: 'term', pos: start, text });
    }
  }
  return tokens;
}

/** Parses a search; an empty one matches every card. Throws SearchSyntaxError. */
export function parseSearch(query: string): SearchNode {
  const tokens = tokenize(query);
  let at = 0;
  const peek = () => tokens[at];
  const end = query.length;

  function parseOr(): SearchNode {
    const children = [parseAnd()];
    while (peek()?.type === 'or') {
      const or = tokens[at++] as Token;
      if (!startsOperand(peek())) {
        throw new SearchSyntaxError(or.pos, '“or” needs a search on each side.');
      }
      children.push(parseAnd());
    }
    return children.length === 1 ? (children[0] as SearchNode) : { kind: 'or', children };
  }

  function parseAnd(): SearchNode {
    const children: SearchNode[] = [];
    for (;;) {
      const next = peek();
      if (!next || next.type === ')' || next.type === 'or') break;
      if (next.type === 'and') {
        at++;
        if (children.length === 0 || !startsOperand(peek())) {
          throw new SearchSyntaxError(next.pos, '“and” needs a search on each side.');
        }
        continue;
      }
      children.push(parseUnary());
    }
    if (children.length === 0) {
      const next = peek();
      if (next?.type === 'or') {
        throw new SearchSyntaxError(next.pos, '“or” needs a search on each side.');
      }
      throw new SearchSyntaxError(next?.pos ?? end, 'a search is missing here.');
    }
    return children.length === 1 ? (children[0] as SearchNode) : { kind: 'and', children };
  }

  let depth = 0;
  function parseUnary(): SearchNode {
    const token = tokens[at++] as Token;
    if (token.type === '-' || token.type === '(') {
      if (++depth > MAX_DEPTH) {
        throw new SearchSyntaxError(
          token.pos,
          `the search is nested more than ${MAX_DEPTH} levels deep.`,
        );
      }
      try {
        return parseNested(token);
      } finally {
        depth--;
      }
    }
    if (token.type === 'term') return parseTerm(token.text, token.pos);
    throw new SearchSyntaxError(token.pos, 'a search is missing here.');
  }

  function parseNested(token: Token): SearchNode {
    if (token.type === '-') {
      if (!startsOperand(peek())) {
        throw new SearchSyntaxError(token.pos, '“-” needs a search right after it.');
      }
      return { kind: 'not', child: parseUnary() };
    }
    if (token.type === '(') {
      if (peek()?.type === ')')
        throw new SearchSyntaxError(token.pos, 'these parentheses are empty.');
      const inner = parseOr();
      if (peek()?.type !== ')') {
        throw new SearchSyntaxError(token.pos, 'this parenthesis is never closed.');
      }
      at++;
      return inner;
    }
    throw new Error(`not a nesting token: ${token.type}`);
  }

  if (tokens.length === 0) return { kind: 'and', children: [] };
  const tree = parseOr();
  const rest = peek();
  if (rest) {
    // Only a `)` stops the top level early.
    throw new SearchSyntaxError(rest.pos, 'this parenthesis closes nothing.');
  }
  return tree;
}

const startsOperand = (t: Token | undefined) =>
  t !== undefined && (t.type === 'term' || t.type === '(' || t.type === '-');

/** Splits `name:value` at the first colon not escaped; null when there is none. */
function splitName(text: string): [string, string] | null {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === ':') return [text.slice(0, i), text.slice(i + 1)];
  }
  return null;
}

/** The text with its escapes resolved, for values that have no wildcards (`is:`, `flag:`…). */
function unescaped(text: string): string {
  return text.replace(/\\(.)/gsu, '$1');
}

/** A wildcard pattern: `*` any run, `_` one character, `\*` `\_` `\\` `\"` literal. */
export function toGlob(text: string): Glob {
  const parts: GlobPart[] = [];
  let literal = '';
  const flush = () => {
    if (literal) parts.push({ literal });
    literal = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\\' && i + 1 < text.length) {
      literal += text[++i];
    } else if (ch === '*') {
      flush();
      if (parts.at(-1) !== 'any') parts.push('any');
    } else if (ch === '_') {
      flush();
      parts.push('one');
    } else {
      literal += ch;
    }
  }
  flush();
  return parts;
}

/** Whether a glob matches the whole of `value`, ignoring case (note type names, in memory). */
export function globMatches(glob: Glob, value: string): boolean {
  const source = glob
    .map((p) =>
      p === 'any' ? '.*' : p === 'one' ? '.' : p.literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`, 'isu').test(value);
}

/** Anki keywords Memoria has nothing for: refused by name rather than read as a field. */
const UNSUPPORTED = new Set(['w', 're', 'card', 'preset', 'dupe', 'resched', 'introduced']);

const LIST = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

function parseTerm(text: string, pos: number): SearchNode {
  const named = splitName(text);
  if (!named) {
    if (unescaped(text) === '')
      throw new SearchSyntaxError(pos, 'the quotes hold nothing to search for.');
    return { kind: 'text', pattern: toGlob(text), anyAccent: false };
  }
  const [rawName, value] = named;
  const name = unescaped(rawName).toLowerCase();
  const plain = unescaped(value);
  const needsValue = () => {
    if (plain === '') throw new SearchSyntaxError(pos, `“${name}:” needs a value after the colon.`);
  };
  switch (name) {
    case 'deck':
      needsValue();
      return { kind: 'deck', pattern: toGlob(value) };
    case 'tag':
      needsValue();
      return plain.toLowerCase() === 'none'
        ? { kind: 'untagged' }
        : { kind: 'tag', pattern: toGlob(value) };
    case 'note':
      needsValue();
      return { kind: 'note', pattern: toGlob(value) };
    case 'nc':
      needsValue();
      return { kind: 'text', pattern: toGlob(value), anyAccent: true };
    case 'is': {
      const v = plain.toLowerCase();
      if (!(IS_VALUES as readonly string[]).includes(v)) {
        throw new SearchSyntaxError(pos, `“is:${plain}” is unknown; use ${LIST(IS_VALUES)}.`);
      }
      return { kind: 'is', value: v as IsValue };
    }
    case 'flag': {
      if (!/^[0-7]$/.test(plain)) {
        throw new SearchSyntaxError(pos, `“flag:${plain}” is not a flag; use 0 (none) to 7.`);
      }
      return { kind: 'flag', flag: Number(plain) };
    }
    case 'prop':
      return parseProp(plain, pos);
    case 'rated': {
      const m = /^(\d{1,6})(?::(\d+))?$/.exec(plain);
      const days = Number(m?.[1]);
      if (!m || days < 1 || days > MAX_DAYS) {
        throw new SearchSyntaxError(
          pos,
          `“rated:${plain}” needs days from 1 to ${MAX_DAYS}, and optionally a rating 1 to 4 (rated:7:1).`,
        );
      }
      const rating = m[2] === undefined ? null : Number(m[2]);
      if (rating !== null && (rating < 1 || rating > 4)) {
        throw new SearchSyntaxError(pos, `“rated:${plain}”: a rating is 1 (again) to 4 (easy).`);
      }
      return { kind: 'rated', days, rating };
    }
    case 'added': {
      const days = /^\d{1,6}$/.test(plain) ? Number(plain) : 0;
      if (days < 1 || days > MAX_DAYS) {
        throw new SearchSyntaxError(pos, `“added:${plain}” needs days from 1 to ${MAX_DAYS}.`);
      }
      return { kind: 'added', days };
    }
    case 'cid':
    case 'nid': {
      if (!/^\d{1,10}(,\d{1,10})*$/.test(plain)) {
        throw new SearchSyntaxError(
          pos,
          `“${name}:” takes ids separated by commas (${name}:12,34).`,
        );
      }
      const ids = plain.split(',').map(Number);
      if (ids.some((id) => id > 2_147_483_647)) {
        throw new SearchSyntaxError(pos, `“${name}:${plain}” holds an id too large to exist.`);
      }
      return name === 'cid' ? { kind: 'card_ids', ids } : { kind: 'note_ids', ids };
    }
    default:
      if (UNSUPPORTED.has(name)) {
        throw new SearchSyntaxError(pos, `“${name}:” searches are not supported.`);
      }
      if (name === '')
        throw new SearchSyntaxError(pos, 'a field name is missing before the colon.');
      return { kind: 'field', field: name, pattern: toGlob(value) };
  }
}

function parseProp(text: string, pos: number): SearchNode {
  const m = /^([a-z]+)(<=|>=|!=|<|>|=)(-?\d+(?:\.\d+)?)$/i.exec(text);
  const prop = m?.[1]?.toLowerCase() as Prop | undefined;
  if (!m || !prop || !(PROPS as readonly string[]).includes(prop)) {
    throw new SearchSyntaxError(
      pos,
      `“prop:${text}” is not a property comparison; use ${LIST(PROPS)} with <, <=, =, !=, >= or > and a number (prop:ivl>=10).`,
    );
  }
  const op = m[2] as Comparison;
  const value = Number(m[3]);
  const whole = ['ivl', 'due', 'lapses', 'reps'].includes(prop);
  if (whole && !Number.isInteger(value)) {
    throw new SearchSyntaxError(pos, `“prop:${text}”: ${prop} is a whole number.`);
  }
  if ((prop === 'r' || prop === 'd') && (value < 0 || value > 1)) {
    throw new SearchSyntaxError(pos, `“prop:${text}”: ${prop} runs from 0 to 1.`);
  }
  if (Math.abs(value) > 1_000_000) {
    throw new SearchSyntaxError(pos, `“prop:${text}”: the number is out of range.`);
  }
  return { kind: 'prop', prop, op, value };
}
