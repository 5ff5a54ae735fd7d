import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { insertSettingIfAbsent, readSetting } from '../db/queries/settings.ts';

/**
 * The HS256 key for access tokens: `JWT_SECRET` when set, otherwise one generated on first start
 * and kept in `app_settings`, so every instance on the same database signs and verifies alike.
 */
export async function loadJwtSecret(db: Db, env = process.env.JWT_SECRET): Promise<Uint8Array> {
  if (env) return new TextEncoder().encode(env);
  await insertSettingIfAbsent(db, 'jwt_secret', randomBytes(48).toString('base64url'));
  const value = await readSetting(db, 'jwt_secret');
  if (value === undefined)
    throw new Error('Could not read the generated JWT secret from app_settings');
  return new TextEncoder().encode(value);
}
