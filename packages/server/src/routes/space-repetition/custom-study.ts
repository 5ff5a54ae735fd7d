/** Custom study sessions beyond today's queue. */
import type { Handlers } from '../../contract/types.ts';

export const handlers: Handlers = {};
