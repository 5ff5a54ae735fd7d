import { sql } from 'drizzle-orm';
import type { Handlers, Schemas } from '../contract/types.ts';
import { ApiError } from '../http/errors.ts';
import { errorFields } from '../log.ts';

const LIVE: Schemas['Liveness'] = { status: 'ok' };

export const handlers: Handlers = {
  /** The process answers; nothing else is asked (readiness is getHealth). */
  getLiveness(c) {
    return c.json(LIVE, 200);
  },

  async getHealth(c) {
    const { db, version, logger, isStopping } = c.get('deps');
    // Failing first is what lets a balancer take this instance out before its listener closes.
    if (isStopping?.()) throw new ApiError(503, 'unavailable', 'This instance is shutting down.');
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      logger.error('health check: database unavailable', errorFields(error));
      throw new ApiError(503, 'unavailable', 'The database does not answer.');
    }
    const health: Schemas['Health'] = { status: 'ok', database: 'ok', version };
    return c.json(health, 200);
  },
};
