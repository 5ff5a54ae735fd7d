/**
 * Mnemonics (`tags: [macro-images]` and `[conversion-table]`): macro-image story chats and the
 * Major-System conversion table, both gated by plan through the contract's `x-feature`.
 */
import type { Handlers } from '../../contract/types.ts';
import { handlers as chats } from './chats.ts';
import { handlers as conversation } from './conversation.ts';
import { handlers as conversion } from './conversion.ts';
import { handlers as table } from './table.ts';

export const macroImages: Handlers = { ...chats, ...conversation };
export const conversionTable: Handlers = { ...conversion, ...table };
