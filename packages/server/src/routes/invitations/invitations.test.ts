import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MISS_BUDGET } from '../../auth/throttle.ts';
import { invitations } from '../../db/schema.ts';
import { INVITATION_MESSAGES } from '../../domain/schools/invitations.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { A, helpers, type Kind, PATHS } from '../../test/invitations.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

const { person, get, post, del, invite, plan, lastNotification } = helpers(() => t);
const verify = (code: string, address?: string) =>
  t.request('GET', `${A}/verify-invitation/${code}/`, {
    ...(address ? { env: { clientAddress: address } } : {}),
  });
const DAY = 24 * 60 * 60 * 1000;

describe('where the plan comes from (issue 40, item 10)', () => {
  const source = async (who: Awaited<ReturnType<typeof person>>) => {
    const res = await get(who, `${A}/subscriptions/get_subscription_status/`);
    expect(res.status).toBe(200);
    return { plan_source: res.body.plan_source, plan_invited_by: res.body.plan_invited_by };
  };

  it('says free, the account itself, or the invitation and its sender', async () => {
    expect(await source(await person('free'))).toEqual({
      plan_source: 'free',
      plan_invited_by: null,
    });
    const school = await person('enterprise');
    expect(await source(school)).toEqual({ plan_source: 'account', plan_invited_by: null });

    const student = await person('free');
    const sent = await invite(school, 'teacher');
    expect((await post(student, PATHS.teacher.apply(sent.code))).status).toBe(200);
    expect(await plan(student)).toBe('standard');
    expect(await source(student)).toEqual({
      plan_source: 'invitation',
      plan_invited_by: school.user.username,
    });
  });
});

describe('creating and managing invitations', () => {
  it('follows the role matrix: Enterprise+ invites teachers, Enterprise (and +) invite students', async () => {
    const cells: [string, Kind, number][] = [
      ['free', 'enterprise', 403],
      ['standard', 'enterprise', 403],
      ['enterprise', 'enterprise', 403],
      ['enterprise_plus', 'enterprise', 201],
      ['free', 'teacher', 403],
      ['standard', 'teacher', 403],
      ['enterprise', 'teacher', 201],
      ['enterprise_plus', 'teacher', 201],
    ];
    for (const [p, kind, status] of cells) {
      const who = await person(p as never);
      const created = await post(who, PATHS[kind].list, {});
      expect(created.status, `${p} creates ${kind}`).toBe(status);
      const listed = await get(who, PATHS[kind].list);
      expect(listed.status, `${p} lists ${kind}`).toBe(status === 201 ? 200 : 403);
      if (status === 403) expect(created.body.code).toBe('forbidden');
    }
    for (const kind of ['enterprise', 'teacher'] as const) {
      expect((await post(null, PATHS[kind].list, {})).status).toBe(401);
      expect((await get(null, PATHS[kind].list)).status).toBe(401);
      expect((await get(null, `${PATHS[kind].list}1/`)).status).toBe(401);
      expect((await del(null, `${PATHS[kind].list}1/`)).status).toBe(401);
    }
  });

  it('grants Enterprise to teachers and Standard to students, with unguessable codes for 7 days', async () => {
    const owner = await person('enterprise_plus');
    const before = Date.now();
    const ent = await invite(owner, 'enterprise');
    const tea = await invite(owner, 'teacher', { email: 'kid@example.com', expires_in_days: 2 });
    expect(ent).toMatchObject({
      invitation_type: 'enterprise',
      plan_type: 'enterprise',
      status: 'pending',
      email: null,
      used_by: null,
      created_by: { id: owner.user.id },
    });
    expect(tea).toMatchObject({ invitation_type: 'teacher', plan_type: 'standard' });
    expect(tea).toMatchObject({ email: 'kid@example.com' });
    for (const { code } of [ent, tea]) {
      expect(Buffer.from(code, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    }
    expect(ent.code).not.toBe(tea.code);
    const days = (iso: string) => Math.round((Date.parse(iso) - before) / DAY);
    expect(days(ent.expires_at)).toBe(7);
    expect(days(tea.expires_at)).toBe(2);
    const listed = await get(owner, PATHS.teacher.list);
    expect(listed.body.map((i: { id: number }) => i.id)).toEqual([tea.id]);
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const owner = await person('enterprise_plus');
    const bad = [
      { expires_in_days: 0 },
      { expires_in_days: 31 },
      { expires_in_days: 1.5 },
      { email: 'not-an-email' },
      { email: `${'a'.repeat(250)}@x.io` },
      { plan_type: 'enterprise_plus' },
    ];
    for (const body of bad) {
      const res = await post(owner, PATHS.enterprise.list, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(Object.keys(res.body.fields ?? {})).toHaveLength(1);
    }
    expect((await get(owner, `${PATHS.enterprise.list}abc/`)).status).toBe(400);
  });

  it('shows and revokes only one’s own invitations of that kind; others are 404', async () => {
    const owner = await person('enterprise_plus');
    const rival = await person('enterprise_plus');
    const ent = await invite(owner, 'enterprise');
    const tea = await invite(owner, 'teacher');
    expect((await get(owner, `${PATHS.enterprise.list}${ent.id}/`)).body.code).toBe(ent.code);
    expect((await get(rival, `${PATHS.enterprise.list}${ent.id}/`)).status).toBe(404);
    expect((await del(rival, `${PATHS.enterprise.list}${ent.id}/`)).status).toBe(404);
    // An id of the other kind is not found under this kind's path.
    expect((await get(owner, `${PATHS.enterprise.list}${tea.id}/`)).status).toBe(404);
    expect((await get(owner, `${PATHS.teacher.list}${ent.id}/`)).status).toBe(404);
    expect((await del(owner, `${PATHS.enterprise.list}${ent.id}/`)).status).toBe(204);
    expect((await get(owner, `${PATHS.enterprise.list}${ent.id}/`)).status).toBe(404);
    expect((await del(owner, `${PATHS.enterprise.list}${ent.id}/`)).status).toBe(404);
    // A revoked code no longer works.
    expect((await verify(ent.code)).body).toMatchObject({ valid: false });
    const taker = await person();
    expect((await post(taker, PATHS.enterprise.apply(ent.code))).status).toBe(404);
  });
});

describe('verifying a code', () => {
  it('answers valid with the plan, inviter and expiry, or invalid with why', async () => {
    const owner = await person('enterprise_plus');
    const ent = await invite(owner, 'enterprise');
    const ok = await verify(ent.code);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      valid: true,
      error: null,
      error_code: null,
      invitation_type: 'enterprise',
      plan_type: 'enterprise',
      expires_at: ent.expires_at,
      invited_by: owner.user.username,
      email: null,
    });
    const unknown = await verify('x'.repeat(32));
    expect(unknown.body).toEqual({
      valid: false,
      error: INVITATION_MESSAGES.invalid,
      error_code: 'invitation_invalid',
      invitation_type: null,
      plan_type: null,
      expires_at: null,
    });
    const expired = await invite(owner, 'teacher');
    await t.deps.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expired.id));
    expect((await verify(expired.code)).body).toMatchObject({
      valid: false,
      error: INVITATION_MESSAGES.expired,
      error_code: 'invitation_expired',
    });
    const taker = await person();
    const late = await post(taker, PATHS.teacher.apply(expired.code));
    expect(late.status).toBe(409);
    expect(late.body.field_codes).toEqual({ code: ['invitation_expired'] });
    expect((await get(owner, `${PATHS.teacher.list}${expired.id}/`)).body.status).toBe('expired');
    for (const bad of ['a%20b', 'x'.repeat(65), 'a.b']) {
      expect((await verify(bad)).status, bad).toBe(400);
    }
  });

  it('is rate-limited per address on unknown codes, never on known ones', async () => {
    const owner = await person('enterprise_plus');
    const { code } = await invite(owner, 'teacher');
    for (let i = 0; i < 30; i += 1) {
      expect((await verify(code, '10.9.0.1')).body.valid).toBe(true);
    }
    for (let i = 0; i < CODE_MISS_BUDGET; i += 1) {
      expect((await verify(`guess${i}`, '10.9.0.2')).status).toBe(200);
    }
    const limited = await verify(code, '10.9.0.2');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Guessing through apply and register is the same budget.
    const guesser = await person();
    const applied = await t.request('POST', PATHS.teacher.apply('guess'), {
      token: guesser.access,
      env: { clientAddress: '10.9.0.2' },
    });
    expect(applied.status).toBe(429);
    expect((await verify(code, '10.9.0.3')).body.valid).toBe(true);
  });

  it('does not count a code of the other kind (clients try enterprise first)', async () => {
    const teacher = await person('enterprise');
    const address = { env: { clientAddress: '10.9.0.4' } };
    for (let i = 0; i <= CODE_MISS_BUDGET; i += 1) {
      const { code } = await invite(teacher, 'teacher');
      const student = await person();
      const wrong = await t.request('POST', PATHS.enterprise.apply(code), {
        token: student.access,
        ...address,
      });
      expect(wrong.status).toBe(404);
      const right = await t.request('POST', PATHS.teacher.apply(code), {
        token: student.access,
        ...address,
      });
      expect(right.status).toBe(200);
    }
  });
});

describe('applying a code', () => {
  it('upgrades a free student to Standard, links the teacher and notifies them, once', async () => {
    const teacher = await person('enterprise');
    const student = await person();
    const inv = await invite(teacher, 'teacher');
    const res = await post(student, PATHS.teacher.apply(inv.code));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      detail: INVITATION_MESSAGES.applied,
      user: { id: student.user.id, account_type: 'standard', role: 'student' },
    });
    expect(await plan(student)).toBe('standard');
    expect((await get(teacher, `${A}/teacher-student-relationships/my_students/`)).body).toEqual([
      expect.objectContaining({ id: student.user.id, username: student.user.username }),
    ]);
    expect((await get(student, `${A}/teacher-student-relationships/my_teachers/`)).body).toEqual([
      expect.objectContaining({ id: teacher.user.id }),
    ]);
    expect(await lastNotification(teacher)).toMatchObject({
      kind: 'invitation_accepted',
      actor_username: student.user.username,
      payload: { invitation_id: inv.id, invitation_type: 'teacher' },
    });
    const shown = await get(teacher, `${PATHS.teacher.list}${inv.id}/`);
    expect(shown.body).toMatchObject({ status: 'used', used_by: { id: student.user.id } });
    const again = await post(student, PATHS.teacher.apply(inv.code));
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(INVITATION_MESSAGES.used);
    const other = await person();
    expect((await post(other, PATHS.teacher.apply(inv.code))).status).toBe(409);
    expect((await verify(inv.code)).body).toMatchObject({ valid: false });
  });

  it('makes a teacher Enterprise under its owner, seen only by that owner', async () => {
    const owner = await person('enterprise_plus');
    const rival = await person('enterprise_plus');
    const teacher = await person('standard');
    const inv = await invite(owner, 'enterprise');
    // The teacher path does not know an enterprise code (clients try enterprise first).
    expect((await post(teacher, PATHS.teacher.apply(inv.code))).status).toBe(404);
    const res = await post(teacher, PATHS.enterprise.apply(inv.code));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ account_type: 'enterprise', role: 'teacher' });
    const mine = await get(owner, `${A}/enterprise-teacher-relationships/my_enterprise_teachers/`);
    expect(mine.body.map((u: { id: number }) => u.id)).toEqual([teacher.user.id]);
    const theirs = await get(
      rival,
      `${A}/enterprise-teacher-relationships/my_enterprise_teachers/`,
    );
    expect(theirs.body).toEqual([]);
    const boss = await get(teacher, `${A}/enterprise-teacher-relationships/my_enterprise_owner/`);
    expect(boss.body).toMatchObject({ id: owner.user.id });
    const links = await get(teacher, `${A}/enterprise-teacher-relationships/`);
    expect(links.body).toEqual([
      expect.objectContaining({
        enterprise_owner: expect.objectContaining({ id: owner.user.id }),
        teacher: expect.objectContaining({ id: teacher.user.id }),
      }),
    ]);
    expect((await get(rival, `${A}/enterprise-teacher-relationships/`)).body).toEqual([]);
    // The new teacher may now invite students.
    expect((await post(teacher, PATHS.teacher.list, {})).status).toBe(201);
  });

  it('never downgrades a higher plan, but still links and uses the code', async () => {
    const teacher = await person('enterprise');
    const other = await person('enterprise_plus');
    const inv = await invite(teacher, 'teacher');
    const res = await post(other, PATHS.teacher.apply(inv.code));
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe(INVITATION_MESSAGES.alreadyOnPlan);
    expect(res.body.user.account_type).toBe('enterprise_plus');
    expect(await plan(other)).toBe('enterprise_plus');
    const students = await get(teacher, `${A}/teacher-student-relationships/my_students/`);
    expect(students.body.map((u: { id: number }) => u.id)).toEqual([other.user.id]);
  });

  it('refuses one’s own invitation and one for another address (409)', async () => {
    const teacher = await person('enterprise');
    const own = await invite(teacher, 'teacher');
    const self = await post(teacher, PATHS.teacher.apply(own.code));
    expect(self.status).toBe(409);
    expect(self.body.detail).toBe(INVITATION_MESSAGES.ownInvitation);
    expect(self.body.field_codes).toEqual({ code: ['own_invitation'] });
    const ana = await person();
    const forSomeoneElse = await invite(teacher, 'teacher', { email: 'someone@example.com' });
    const refused = await post(ana, PATHS.teacher.apply(forSomeoneElse.code));
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(INVITATION_MESSAGES.otherEmail);
    expect(refused.body.field_codes).toEqual({ code: ['invitation_other_email'] });
    const forAna = await invite(teacher, 'teacher', { email: ana.user.email.toUpperCase() });
    expect((await post(ana, PATHS.teacher.apply(forAna.code))).status).toBe(200);
    expect((await post(null, PATHS.teacher.apply(forAna.code))).status).toBe(401);
  });

  it('lets only one of two simultaneous takers use a code', async () => {
    const teacher = await person('enterprise');
    const inv = await invite(teacher, 'teacher');
    const takers = await Promise.all([person(), person(), person()]);
    const results = await Promise.all(
      takers.map((who) => post(who, PATHS.teacher.apply(inv.code))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const students = await get(teacher, `${A}/teacher-student-relationships/my_students/`);
    expect(students.body).toHaveLength(1);
  });
});

describe('registering with a code', () => {
  const form = (n: string, extra: Record<string, string> = {}) => ({
    email: `${n}@example.com`,
    username: n,
    password: 'correct horse battery',
    password2: 'correct horse battery',
    first_name: 'Ana',
    last_name: 'Díaz',
    ...extra,
  });

  it('creates the account with the plan, links it, notifies the inviter and signs in', async () => {
    const owner = await person('enterprise_plus');
    const inv = await invite(owner, 'enterprise');
    const n = `teach${Date.now()}`;
    const res = await post(null, PATHS.enterprise.register(inv.code), form(n));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: n,
      account_type: 'enterprise',
      role: 'teacher',
      first_name: 'Ana',
    });
    const tokens = await post(null, `${A}/token/`, {
      email: `${n}@example.com`,
      password: 'correct horse battery',
    });
    expect(tokens.status).toBe(200);
    const teacher = { ...tokens.body, user: res.body, password: '' };
    expect(await plan(teacher)).toBe('enterprise');
    expect(await lastNotification(owner)).toMatchObject({
      kind: 'invitation_accepted',
      payload: { invitation_type: 'enterprise', from_username: n },
    });
    const again = await post(null, PATHS.enterprise.register(inv.code), form(`${n}b`));
    expect(again.status).toBe(409);
    expect(again.body.field_codes).toEqual({ code: ['invitation_used'] });
  });

  it('checks the code first (404 unknown, 409 other address), then the form (400 by field)', async () => {
    const teacher = await person('enterprise');
    const inv = await invite(teacher, 'teacher', { email: 'only@example.com' });
    const unknown = await post(null, PATHS.teacher.register('nope'), form('x1'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'not_found',
      field_codes: { code: ['invitation_invalid'] },
    });
    const other = await post(null, PATHS.teacher.register(inv.code), form('x2'));
    expect(other.status).toBe(409);
    expect(other.body.detail).toBe(INVITATION_MESSAGES.otherEmail);
    const mismatch = await post(
      null,
      PATHS.teacher.register(inv.code),
      form('only', { password2: 'something else entirely' }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.field_codes).toEqual({ password2: ['passwords_do_not_match'] });
    const taken = await post(
      null,
      PATHS.teacher.register(inv.code),
      form('only', { username: teacher.user.username }),
    );
    expect(taken.body.field_codes).toEqual({ username: ['username_taken'] });
    for (const body of [{}, { ...form('only'), extra: 1 }, { ...form('only'), email: 5 }]) {
      expect((await post(null, PATHS.teacher.register(inv.code), body)).status).toBe(400);
    }
    const ok = await post(null, PATHS.teacher.register(inv.code), form('only'));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ account_type: 'standard', role: 'student' });
  });
});

describe('relationships', () => {
  it('are 401 signed out, 403 for plans without them, empty or 404 when there are none', async () => {
    const free = await person();
    const rel = `${A}/enterprise-teacher-relationships`;
    const ts = `${A}/teacher-student-relationships`;
    for (const path of [
      `${rel}/`,
      `${rel}/my_enterprise_teachers/`,
      `${rel}/my_enterprise_owner/`,
      `${ts}/`,
      `${ts}/my_students/`,
      `${ts}/my_teachers/`,
    ]) {
      expect((await get(null, path)).status, path).toBe(401);
    }
    expect((await get(free, `${rel}/my_enterprise_teachers/`)).status).toBe(403);
    expect((await get(free, `${ts}/my_students/`)).status).toBe(403);
    expect((await get(await person('enterprise'), `${rel}/my_enterprise_teachers/`)).status).toBe(
      403,
    );
    expect((await get(free, `${rel}/my_enterprise_owner/`)).status).toBe(404);
    expect((await get(free, `${rel}/`)).body).toEqual([]);
    expect((await get(free, `${ts}/`)).body).toEqual([]);
    expect((await get(free, `${ts}/my_teachers/`)).body).toEqual([]);
    expect((await get(await person('enterprise'), `${ts}/my_students/`)).body).toEqual([]);
  });
});
