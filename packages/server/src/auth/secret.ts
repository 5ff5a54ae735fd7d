import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSettings } from '../db/schema.ts';

/**
 * The HS256 key for access tokens: `JWT_SECRET` when set, otherwise one generated on first start
 * and kept in `app_settings`, so every instance on the same database signs and verifies alike.
 */
export async function loadJwtSecret(db: Db, env = process.env.JWT_SECRET): Promise<Uint8Array> {
  if (env) return new TextEncoder().encode(env);
  await db
    .insert(appSettings)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  if (!row) throw new Error('Could not read the generated JWT secret from app_settings');
  return new TextEncoder().encode(row.value);
}
