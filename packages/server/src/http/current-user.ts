import type { Context } from 'hono';
import type { UserRow } from '../db/queries/users.ts';
import type { AppEnv } from './context.ts';
import { ApiError } from './errors.ts';

/**
 * The signed-in user of a request, else 401 `not_authenticated`. The contract's `bearer` security
 * sets the user before a handler runs; this guards handlers mounted without it (tests, wrappers).
 */
export function currentUser(c: Context<AppEnv>): UserRow {
  const user = c.get('user');
  if (!user) {
    throw new ApiError(401, 'not_authenticated', 'Authentication credentials were not provided.');
  }
  return user;
}
