/** Accounts (`users`) as registration, sign-in and the profile routes read and write them. */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type UserRow, users } from '../schema.ts';

export type { UserRow };
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<NewUser>;

/** The new account; throws the unique violation of a taken email or username. */
export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The account of an email given in lower case (addresses are compared without case). */
export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return row;
}

export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function updateUserRow(
  db: Db,
  id: number,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows.length > 0;
}

/** Whether another account (not `exceptId`) has this username, compared without case. */
export async function usernameTaken(db: Db, username: string, exceptId?: number): Promise<boolean> {
  const same = sql`lower(${users.username}) = lower(${username})`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(same, ne(users.id, exceptId)) : same)
    .limit(1);
  return rows.length > 0;
}

/** One round trip to the database, for the health check. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
