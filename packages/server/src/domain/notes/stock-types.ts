/**
 * The stock note types, kept in code rather than as rows: each builds its cards by a rule
 * (`render.ts`) that a template cannot say (cloze numbers, occlusion masks, the optional
 * reverse), so a row would only repeat the code and could drift from it.
 */

export const STOCK_NOTE_TYPES = [
  'basic',
  'basic_reversed',
  'basic_optional_reversed',
  'basic_type_in',
  'cloze',
  'image_occlusion',
] as const;

export type StockNoteTypeKey = (typeof STOCK_NOTE_TYPES)[number];

export interface NoteTypeDefinition {
  name: string;
  /** Field keys, in the order an editor shows them. */
  fields: readonly string[];
  /** Fields a note must fill. */
  requiredFields: readonly string[];
}

export const STOCK_DEFINITIONS: Record<StockNoteTypeKey, NoteTypeDefinition> = {
  basic: { name: 'Basic', fields: ['front', 'back'], requiredFields: ['front'] },
  basic_reversed: {
    name: 'Basic (and reversed card)',
    fields: ['front', 'back'],
    requiredFields: ['front', 'back'],
  },
  basic_optional_reversed: {
    name: 'Basic (optional reversed card)',
    fields: ['front', 'back', 'add_reverse'],
    requiredFields: ['front'],
  },
  basic_type_in: {
    name: 'Basic (type in the answer)',
    fields: ['front', 'back'],
    requiredFields: ['front', 'back'],
  },
  cloze: { name: 'Cloze', fields: ['text', 'extra'], requiredFields: ['text'] },
  image_occlusion: {
    name: 'Image Occlusion',
    fields: ['image', 'masks', 'header', 'back_extra'],
    requiredFields: ['image', 'masks'],
  },
};

export const isStockNoteType = (key: unknown): key is StockNoteTypeKey =>
  typeof key === 'string' && (STOCK_NOTE_TYPES as readonly string[]).includes(key);
