import { createHash, timingSafeEqual } from 'node:crypto';
import type { Handlers, Schemas } from '../contract/types.ts';
import { pingDatabase } from '../db/queries/users.ts';
import { ApiError } from '../http/errors.ts';
import { errorFields } from '../log.ts';

const LIVE: Schemas['Liveness'] = { status: 'ok' };

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Whether `given` is `expected`, in a time that does not depend on where they differ: both are
 * hashed first, so that the comparison is always of 32 bytes whatever their lengths.
 */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export const handlers: Handlers = {
  /** The process answers; nothing else is asked (readiness is getHealth). */
  getLiveness(c) {
    return c.json(LIVE, 200);
  },

  /**
   * Prometheus metrics, for a scraper holding `METRICS_TOKEN`. Without the setting, or without
   * its token, the answer is the one of a path that does not exist: the route is not advertised.
   */
  async getMetrics(c) {
    const { metrics, metricsToken } = c.get('deps');
    const given = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    if (!metricsToken || given === undefined || !sameToken(given, metricsToken)) {
      throw new ApiError(404, 'not_found', `No route for ${c.req.method} ${c.req.path}`);
    }
    return c.body(await metrics.scrape(), 200, { 'Content-Type': metrics.contentType });
  },

  async getHealth(c) {
    const { db, version, logger, isStopping } = c.get('deps');
    // Failing first is what lets a balancer take this instance out before its listener closes.
    if (isStopping?.()) throw new ApiError(503, 'unavailable', 'This instance is shutting down.');
    try {
      await pingDatabase(db);
    } catch (error) {
      logger.error('health check: database unavailable', errorFields(error));
      throw new ApiError(503, 'unavailable', 'The database does not answer.');
    }
    const health: Schemas['Health'] = { status: 'ok', database: 'ok', version };
    return c.json(health, 200);
  },
};
