/**
 * Friends (`tags: [friends]`): requests and their answers, the lists, and the add-friend search.
 * Every change tells the other person through `notify`, which also reaches their open pages.
 */
import type { Handlers } from '../../contract/types.ts';
import { handlers as lists } from './lists.ts';
import { handlers as requests } from './requests.ts';

export const handlers: Handlers = { ...requests, ...lists };
