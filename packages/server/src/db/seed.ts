import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from './client.ts';
import { users } from './schema.ts';

export const DEMO_ACCOUNTS = [
  {
    email: 'demo@memoria.app',
    username: 'demo',
    password: 'demo-password',
    firstName: 'Demo',
    lastName: 'Learner',
    accountType: 'free',
  },
  {
    email: 'standard@memoria.app',
    username: 'standard',
    password: 'standard-password',
    firstName: 'Demo',
    lastName: 'Standard',
    accountType: 'standard',
  },
  {
    // An enterprise owner, to try invitations (issue 17): no route makes an account Enterprise+.
    email: 'owner@memoria.app',
    username: 'owner',
    password: 'owner-password',
    firstName: 'Demo',
    lastName: 'Owner',
    accountType: 'enterprise_plus',
  },
  // Schools are for Enterprise accounts: this one tries the school wizard (`/schools`).
  {
    email: 'school@memoria.app',
    username: 'school',
    password: 'school-password',
    firstName: 'Demo',
    lastName: 'School',
    accountType: 'enterprise',
  },
] as const;

/** On an empty users table, creates the demo accounts. Returns whether it did. */
export async function seedDemoAccounts(db: Db, print: (line: string) => void): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  for (const account of DEMO_ACCOUNTS) {
    const { password, ...fields } = account;
    await db
      .insert(users)
      .values({ ...fields, passwordHash: await hashPassword(password) })
      .onConflictDoNothing();
  }
  print('Demo accounts created (set SEED_DEMO=false to skip):');
  for (const a of DEMO_ACCOUNTS) {
    print(`  ${a.accountType.padEnd(15)}  ${a.email}  /  ${a.password}`);
  }
  return true;
}
