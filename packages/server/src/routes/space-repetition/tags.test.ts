/** Tags on notes: change a note's, rename across the learner's decks (with `::` children), list. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { helpers, type Learner, SR } from '../../test/space-repetition.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const { makeDeck } = helpers(() => t);

async function noteWith(who: Learner, deckId: number, tags: string[], noteType = 'basic') {
  const res = await t.request('POST', `${SR}/notes/`, {
    token: who.access,
    body: {
      desk_id: deckId,
      note_type: noteType,
      fields: { front: 'Spain', back: 'Madrid' },
      tags,
    },
  });
  expect(res.status).toBe(201);
  return res.body;
}

const share = async (owner: Learner, deckId: number, to: Learner) => {
  const res = await t.request('POST', `${SR}/desks/${deckId}/share_multiple/`, {
    token: owner.access,
    body: { emails: [to.user.email] },
  });
  expect(res.status).toBeLessThan(300);
};

const tagsOf = async (who: Learner, noteId: number) =>
  (await t.request('GET', `${SR}/notes/${noteId}/`, { token: who.access })).body.tags;

describe('tags', () => {
  it('adds and removes a note’s tags, case-insensitively, keeping the others', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const note = await noteWith(ana, deck.id, ['geo', 'Europe']);
    const res = await t.request('POST', `${SR}/notes/${note.id}/tags/`, {
      token: ana.access,
      body: { add: ['capitals', 'GEO'], remove: ['europe'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.tags).toEqual(['geo', 'capitals']);
    expect(await tagsOf(ana, note.id)).toEqual(['geo', 'capitals']);
    const bad = await t.request('POST', `${SR}/notes/${note.id}/tags/`, {
      token: ana.access,
      body: { add: ['two words'] },
    });
    expect(bad.status).toBe(400);
  });

  it('lets only those who may edit the deck change tags: a read-only recipient 403, others 404', async () => {
    const ana = await t.signUp();
    const bo = await t.signUp();
    const cy = await t.signUp();
    const deck = await makeDeck(ana);
    await share(ana, deck.id, bo);
    const note = await noteWith(ana, deck.id, ['geo']);
    const change = (who: Learner) =>
      t.request('POST', `${SR}/notes/${note.id}/tags/`, {
        token: who.access,
        body: { add: ['x'] },
      });
    expect((await change(bo)).status).toBe(403);
    expect((await change(cy)).status).toBe(404);
    // A rename by the recipient leaves the owner's notes alone.
    const renamed = await t.request('POST', `${SR}/tags/rename/`, {
      token: bo.access,
      body: { from: 'geo', to: 'mine' },
    });
    expect(renamed.body).toEqual({ notes_count: 0 });
    expect(await tagsOf(ana, note.id)).toEqual(['geo']);
  });

  it('renames a tag and its :: children across the learner’s decks, and lists tags with counts', async () => {
    const ana = await t.signUp();
    const first = await makeDeck(ana);
    const second = await makeDeck(ana, { name: 'Verbs' });
    const a = await noteWith(ana, first.id, ['lang', 'Lang::verbs', 'language']);
    const b = await noteWith(ana, second.id, ['lang::verbs::irregular']);
    const c = await noteWith(ana, second.id, ['other']);
    const res = await t.request('POST', `${SR}/tags/rename/`, {
      token: ana.access,
      body: { from: 'LANG', to: 'languages' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ notes_count: 2 });
    expect(await tagsOf(ana, a.id)).toEqual(['languages', 'languages::verbs', 'language']);
    expect(await tagsOf(ana, b.id)).toEqual(['languages::verbs::irregular']);
    expect(await tagsOf(ana, c.id)).toEqual(['other']);

    const list = await t.request('GET', `${SR}/tags/`, { token: ana.access });
    expect(list.body).toEqual([
      { name: 'language', notes_count: 1 },
      { name: 'languages', notes_count: 1 },
      { name: 'languages::verbs', notes_count: 1 },
      { name: 'languages::verbs::irregular', notes_count: 1 },
      { name: 'other', notes_count: 1 },
    ]);
    // A recipient sees the tags of a deck shared with them; a stranger none.
    const bo = await t.signUp();
    await share(ana, second.id, bo);
    const theirs = await t.request('GET', `${SR}/tags/`, { token: bo.access });
    expect(theirs.body.map((tag: { name: string }) => tag.name)).toEqual([
      'languages::verbs::irregular',
      'other',
    ]);
  });
});
