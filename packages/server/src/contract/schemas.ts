/**
 * The contract's schemas (generated types of @memoria/api), apart from contract/types.ts: that one
 * names the request context (http/context.ts), which names the event hub, which names schemas, so
 * what the hub and notifications read comes from here, without the context.
 */
import type { components } from '@memoria/api/schema';

export type Schemas = components['schemas'];
