import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrationsFolder } from './migrate.ts';

const adminUrl = inject('pgAdminUrl');
const name = `notes_migration_${randomBytes(4).toString('hex')}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
let folder = '';

afterAll(async () => {
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** A copy of the committed migrations without the one whose tag ends with `tag` and those after it. */
async function migrationsBefore(tag: string): Promise<string> {
  folder = await mkdtemp(path.join(os.tmpdir(), 'notes-migration-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith(tag));
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration of cards into notes', () => {
  it('makes every existing card a basic note of its own', async () => {
    await admin.unsafe(`create database ${name}`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    const database = openDatabase(u.toString(), { max: 1 });
    try {
      await migrate(database.db, { migrationsFolder: await migrationsBefore('_notes') });
      const { sql } = database;
      const [user] = await sql<{ id: number }[]>`
        insert into users (email, username, password_hash) values ('a@x.io', 'a', 'x') returning id`;
      const [deck] = await sql<{ id: number }[]>`
        insert into desks (owner_id, name) values (${user?.id ?? 0}, 'D') returning id`;
      await sql`
        insert into cards (desk_id, front, back, created_by)
        values (${deck?.id ?? 0}, ${'a < b\nc'}, 'x & y', ${user?.id ?? 0}),
               (${deck?.id ?? 0}, 'two', 'deux', null)`;
      await migrate(database.db, { migrationsFolder });
      const rows = await sql`
        select c.ordinal, c.front_html, c.back_html, n.desk_id, n.owner_id, n.stock_type, n.fields
        from cards c join notes n on n.id = c.note_id order by c.id`;
      expect(rows).toEqual([
        {
          ordinal: 1,
          front_html: 'a &lt; b<br>c',
          back_html: 'x &amp; y',
          desk_id: deck?.id,
          owner_id: user?.id,
          stock_type: 'basic',
          fields: { front: 'a &lt; b<br>c', back: 'x &amp; y' },
        },
        {
          ordinal: 1,
          front_html: 'two',
          back_html: 'deux',
          desk_id: deck?.id,
          owner_id: user?.id,
          stock_type: 'basic',
          fields: { front: 'two', back: 'deux' },
        },
      ]);
      const [{ n } = { n: -1 }] = await sql<{ n: number }[]>`select count(*)::int as n from notes`;
      expect(n).toBe(2);
    } finally {
      await database.end();
    }
  });
});
