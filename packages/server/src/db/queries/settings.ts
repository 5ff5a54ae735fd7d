/** The instance-wide settings (`app_settings`, key and value), such as the generated JWT key. */
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appSettings } from '../schema.ts';

/** Stores `value` under `key` unless a value is there already (the first instance wins). */
export async function insertSettingIfAbsent(db: Db, key: string, value: string): Promise<void> {
  await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
}

export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row?.value;
}
