/**
 * Invitations (`tags: [invitations]`) and the relationships they create (`tags: [relationships]`):
 * product-spec §6 and issue 17. Rules in `domain/schools/invitations.ts`, SQL in
 * `db/queries/invitations.ts`.
 */
import type { Handlers } from '../../contract/types.ts';
import { handlers as accept } from './accept.ts';
import { handlers as manage } from './manage.ts';
import { handlers as relationshipHandlers } from './relationships.ts';

export const invitations: Handlers = { ...manage, ...accept };
export const relationships: Handlers = relationshipHandlers;
