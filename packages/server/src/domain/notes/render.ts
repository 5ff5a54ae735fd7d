/**
 * A note's cards: its fields checked and sanitised, then each card's sides rendered as HTML and
 * as plain text. Pure: the routes store what this returns.
 */
import { clozeNumbers } from './cloze.ts';
import { htmlToText, textToHtml } from './html-text.ts';
import { NOTE_MESSAGES } from './messages.ts';
import { MasksError, occlusionOrdinals, parseMasks, renderOcclusion } from './occlusion.ts';
import { sanitizeFieldHtml } from './sanitize.ts';
import { STOCK_DEFINITIONS, type StockNoteTypeKey } from './stock-types.ts';
import {
  answerOnly,
  fieldIsEmpty,
  type ParsedTemplate,
  parseTemplate,
  renderTemplate,
  TemplateError,
} from './template.ts';

/** A note makes at most this many cards (cloze numbers c1…c100, occlusion ordinals 1…100). */
export const MAX_CARDS_PER_NOTE = 100;

export type NoteTypeSpec =
  | { kind: 'stock'; key: StockNoteTypeKey }
  | {
      kind: 'custom';
      id: number;
      name: string;
      fields: readonly string[];
      frontTemplate: string;
      backTemplate: string;
    };

export interface RenderedCard {
  /** Which card of the note: template number, cloze number or mask ordinal, from 1. */
  ordinal: number;
  frontHtml: string;
  backHtml: string;
  /** The sides as plain text. */
  front: string;
  back: string;
}

/** Field errors keyed as the contract names them (`fields.text`, `note_type`). */
export class NoteFieldsError extends Error {
  readonly fields: Record<string, string[]>;
  constructor(fields: Record<string, string[]>) {
    super(
      Object.entries(fields)
        .map(([k, v]) => `${k}: ${v.join(' ')}`)
        .join('; '),
    );
    this.fields = fields;
  }
}

export function fieldKeysOf(type: NoteTypeSpec): readonly string[] {
  return type.kind === 'stock' ? STOCK_DEFINITIONS[type.key].fields : type.fields;
}

export function requiredFieldsOf(type: NoteTypeSpec): readonly string[] {
  return type.kind === 'stock'
    ? STOCK_DEFINITIONS[type.key].requiredFields
    : type.fields.slice(0, 1);
}

/**
 * The note's fields, sanitised, with every field of its type present (an omitted one empty), or
 * `NoteFieldsError` naming each field the type lacks or a required one left empty.
 */
export function cleanFields(
  type: NoteTypeSpec,
  raw: Readonly<Record<string, string>>,
): Record<string, string> {
  const keys = fieldKeysOf(type);
  const errors: Record<string, string[]> = {};
  for (const key of Object.keys(raw)) {
    if (!keys.includes(key)) errors[`fields.${key}`] = [NOTE_MESSAGES.unknownField];
  }
  const fields: Record<string, string> = {};
  for (const key of keys) {
    // The masks are JSON, not HTML: parsed and checked, never shown as they are.
    const value = raw[key] ?? '';
    fields[key] =
      type.kind === 'stock' && key === 'masks' ? value.trim() : sanitizeFieldHtml(value);
  }
  for (const key of requiredFieldsOf(type)) {
    if (fieldIsEmpty(fields[key] ?? '') && !errors[`fields.${key}`])
      errors[`fields.${key}`] = [NOTE_MESSAGES.required];
  }
  if (Object.keys(errors).length > 0) throw new NoteFieldsError(errors);
  return fields;
}

const STOCK_TEMPLATES: Record<Exclude<StockNoteTypeKey, 'image_occlusion'>, [string, string][]> = {
  basic: [['{{front}}', '{{back}}']],
  basic_reversed: [
    ['{{front}}', '{{back}}'],
    ['{{back}}', '{{front}}'],
  ],
  basic_optional_reversed: [
    ['{{front}}', '{{back}}'],
    ['{{#add_reverse}}{{back}}{{/add_reverse}}', '{{front}}'],
  ],
  basic_type_in: [['{{front}}{{type:back}}', '{{type:back}}']],
  cloze: [
    [
      '{{cloze:text}}',
      '{{cloze:text}}{{#extra}}<div class="cloze-extra">{{extra}}</div>{{/extra}}',
    ],
  ],
};

const parsedStock = new Map<string, ParsedTemplate>();
const parsed = (source: string): ParsedTemplate => {
  let template = parsedStock.get(source);
  if (!template) {
    template = parseTemplate(source);
    parsedStock.set(source, template);
  }
  return template;
};

function card(ordinal: number, frontHtml: string, backHtml: string): RenderedCard {
  return { ordinal, frontHtml, backHtml, front: htmlToText(frontHtml), back: htmlToText(backHtml) };
}

/** One card of a template pair; null when its front renders empty (Anki makes no such card). */
function templateCard(
  ordinal: number,
  [front, back]: [ParsedTemplate, ParsedTemplate],
  fields: ReadonlyMap<string, string>,
  cloze: number | null,
): RenderedCard | null {
  const note = { cloze };
  const question = renderTemplate(front, { fields, frontSide: null, note });
  if (fieldIsEmpty(question)) return null;
  const answer = answerOnly(renderTemplate(back, { fields, frontSide: question, note }), question);
  return card(ordinal, question, answer);
}

function clozeOrdinals(text: string, field: string): number[] {
  const numbers = clozeNumbers(text);
  if (numbers.length === 0)
    throw new NoteFieldsError({ [`fields.${field}`]: [NOTE_MESSAGES.clozeRequired] });
  if (numbers.some((n) => n < 1 || n > MAX_CARDS_PER_NOTE)) {
    throw new NoteFieldsError({ [`fields.${field}`]: [NOTE_MESSAGES.clozeRange] });
  }
  return numbers;
}

function occlusionCards(fields: Record<string, string>): RenderedCard[] {
  let masks: ReturnType<typeof parseMasks>;
  try {
    masks = parseMasks(fields.masks ?? '');
  } catch (error) {
    if (error instanceof MasksError) throw new NoteFieldsError({ 'fields.masks': [error.message] });
    throw error;
  }
  const image = fields.image ?? '';
  if (!/<img\b/i.test(image))
    throw new NoteFieldsError({ 'fields.image': [NOTE_MESSAGES.imageRequired] });
  const header = fields.header ?? '';
  const extra = fields.back_extra ?? '';
  return occlusionOrdinals(masks).map((ordinal) => {
    const frontHtml = `${header ? `<div class="occlusion-header">${header}</div>` : ''}${renderOcclusion(image, masks, ordinal, 'front')}`;
    const backHtml = `${renderOcclusion(image, masks, ordinal, 'back')}${extra ? `<div class="occlusion-extra">${extra}</div>` : ''}`;
    // The plain sides say which mask is asked, so that a text-only client can still tell cards apart.
    const title = htmlToText(header).trim() || 'Image occlusion';
    return {
      ...card(ordinal, frontHtml, backHtml),
      front: `${title} (${ordinal})`,
      back: htmlToText(extra).trim() || `${title} (${ordinal})`,
    };
  });
}

/** The fields a template pair asks cloze numbers of: the keys of its `{{cloze:…}}` fields. */
const clozeFieldsOf = (template: string): string[] =>
  [...template.matchAll(/\{\{[^}]*?\bcloze:([^}]+)\}\}/g)].map((m) => (m[1] ?? '').trim());

function customCards(
  type: Extract<NoteTypeSpec, { kind: 'custom' }>,
  fields: Record<string, string>,
  tags: readonly string[],
): RenderedCard[] {
  const values = new Map(Object.entries(fields));
  values.set('Tags', tags.join(' '));
  values.set('Type', type.name);
  const pair: [ParsedTemplate, ParsedTemplate] = [
    parseTemplate(type.frontTemplate),
    parseTemplate(type.backTemplate),
  ];
  const clozeFields = clozeFieldsOf(type.frontTemplate);
  const first = `fields.${type.fields[0] ?? ''}`;
  const ordinals: (number | null)[] = clozeFields.length
    ? clozeOrdinals(clozeFields.map((f) => fields[f] ?? '').join(' '), clozeFields[0] ?? '')
    : [null];
  const cards = ordinals.flatMap((cloze) => templateCard(cloze ?? 1, pair, values, cloze) ?? []);
  if (cards.length === 0) throw new NoteFieldsError({ [first]: [NOTE_MESSAGES.nothingToAsk] });
  return cards;
}

/**
 * The cards a note of `type` makes from its (clean) fields, by ordinal; `NoteFieldsError` when
 * the fields make none (a cloze without a deletion, masks that do not parse…).
 */
export function renderNote(
  type: NoteTypeSpec,
  fields: Record<string, string>,
  tags: readonly string[] = [],
): RenderedCard[] {
  try {
    if (type.kind === 'custom') return customCards(type, fields, tags);
    if (type.key === 'image_occlusion') return occlusionCards(fields);
    const values = new Map(Object.entries(fields));
    const templates = STOCK_TEMPLATES[type.key].map(([f, b]): [ParsedTemplate, ParsedTemplate] => [
      parsed(f),
      parsed(b),
    ]);
    if (type.key === 'cloze') {
      const ordinals = clozeOrdinals(fields.text ?? '', 'text');
      const [pair] = templates as [[ParsedTemplate, ParsedTemplate]];
      return ordinals.flatMap((n) => templateCard(n, pair, values, n) ?? []);
    }
    return templates.flatMap((pair, i) => templateCard(i + 1, pair, values, null) ?? []);
  } catch (error) {
    // A stored own template that no longer renders (checked when it was written).
    if (error instanceof TemplateError)
      throw new NoteFieldsError({ note_type: [`Template: ${error.message}.`] });
    throw error;
  }
}

/** `Template: …` when an own note type's template does not parse or names a field it lacks. */
export function checkTemplates(
  fields: readonly string[],
  front: string,
  back: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const values = new Map<string, string>([
    ...fields.map((f): [string, string] => [f, 'x']),
    ['Tags', ''],
    ['Type', ''],
  ]);
  for (const [key, source] of [
    ['front_template', front],
    ['back_template', back],
  ] as const) {
    try {
      const template = parseTemplate(source);
      renderTemplate(template, {
        fields: values,
        frontSide: key === 'front_template' ? null : 'x',
        note: { cloze: 1 },
      });
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      errors[key] = [`Template: ${error.message}.`];
    }
  }
  return errors;
}

/**
 * The one card of a `basic` note made from plain text (the card operations' `front`/`back`,
 * imports): its fields and sides. Unlike `renderNote`, a side may be empty (an image-only card).
 */
export function basicCardOfText(
  front: string,
  back: string,
): { fields: { front: string; back: string }; card: RenderedCard } {
  const fields = { front: textToHtml(front), back: textToHtml(back) };
  return {
    fields,
    card: { ordinal: 1, frontHtml: fields.front, backHtml: fields.back, front, back },
  };
}
