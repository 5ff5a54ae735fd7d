import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { A, helpers } from '../../test/schools.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const { person, makeSchool, makeGroup, befriend } = helpers(() => t);

describe('schools', () => {
  it('creates, reads, replaces and lists a school with its details trimmed', async () => {
    const owner = await person();
    const school = await makeSchool(owner, {
      name: ' Colegio Sur ',
      address: 'Av. Siempre Viva 742',
      phone: '+54 11 5555 0000',
      email: 'info@colegiosur.edu.ar',
      website: 'https://colegiosur.edu.ar',
    });
    expect(school).toMatchObject({
      name: 'Colegio Sur',
      owner_id: owner.user.id,
      statistics: { courses_count: 0, subjects_count: 0, teachers_count: 0, students_count: 0 },
    });
    const replaced = await t.request('PUT', `${A}/schools/${school.id}/`, {
      token: owner.access,
      body: { name: 'Colegio Norte' },
    });
    expect(replaced.status).toBe(200);
    // PUT replaces every field: the omitted ones become empty.
    expect(replaced.body).toMatchObject({ name: 'Colegio Norte', address: '', website: '' });
    const list = await t.request('GET', `${A}/schools/`, { token: owner.access });
    expect(list.body.map((s: { id: number }) => s.id)).toEqual([school.id]);
  });

  it('names each invalid field: blank name, bad email, a website that is not http(s)', async () => {
    const owner = await person();
    const res = await t.request('POST', `${A}/schools/`, {
      token: owner.access,
      body: { name: '  ', email: 'nope', website: 'javascript:alert(1)' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.field_codes).toEqual({
      name: ['blank'],
      email: ['invalid_email'],
      website: ['invalid_website'],
    });
    const long = await t.request('POST', `${A}/schools/`, {
      token: owner.access,
      body: { name: 'x'.repeat(201) },
    });
    expect(long.status).toBe(400);
    expect(long.body.field_codes).toEqual({ name: ['too_long'] });
    const extra = await t.request('POST', `${A}/schools/`, {
      token: owner.access,
      body: { name: 'A', owner_id: 1 },
    });
    expect(extra.status).toBe(400);
  });

  it('creates the starter courses and subjects once, in the language asked', async () => {
    const owner = await person();
    const school = await makeSchool(owner);
    const first = await t.request('POST', `${A}/schools/${school.id}/create_default_data/`, {
      token: owner.access,
      body: { locale: 'es' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ courses_created: 3, subjects_created: 6 });
    expect(first.body.school.statistics).toMatchObject({ courses_count: 3, subjects_count: 6 });
    const subjects = await t.request('GET', `${A}/schools/${school.id}/subjects/`, {
      token: owner.access,
    });
    expect(subjects.body.map((s: { name: string }) => s.name)).toContain('Matemáticas');

    const again = await t.request('POST', `${A}/schools/${school.id}/create_default_data/`, {
      token: owner.access,
      body: { locale: 'en' },
    });
    expect(again.status).toBe(409);
    const courses = await t.request('GET', `${A}/schools/${school.id}/courses/`, {
      token: owner.access,
    });
    expect(courses.body).toHaveLength(3);
    expect(courses.body.map((c: { name: string }) => c.name)).toContain('Primer año');
  });

  it('defaults the starter data to English, and two calls at once create it once', async () => {
    const owner = await person();
    const school = await makeSchool(owner);
    const url = `${A}/schools/${school.id}/create_default_data/`;
    const [a, b] = await Promise.all([
      t.request('POST', url, { token: owner.access }),
      t.request('POST', url, { token: owner.access }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const subjects = await t.request('GET', `${A}/schools/${school.id}/subjects/`, {
      token: owner.access,
    });
    expect(subjects.body).toHaveLength(6);
    expect(subjects.body.map((s: { name: string }) => s.name)).toContain('Mathematics');
    const bad = await t.request('POST', url, { token: owner.access, body: { locale: 'fr' } });
    expect(bad.status).toBe(400);
    expect(bad.body.field_codes).toEqual({ locale: ['not_allowed_value'] });
  });

  it('counts courses, subjects, teachers and students; people in two courses count once', async () => {
    const owner = await person();
    const teacher = await person('enterprise');
    const student = await person('standard');
    await befriend(owner, teacher);
    await befriend(student, owner);
    const school = await makeSchool(owner);
    const course1 = await makeGroup(owner, 'courses', { school_id: school.id });
    const course2 = await makeGroup(owner, 'courses', { name: 'Second', school_id: school.id });
    const subject = await makeGroup(owner, 'subjects', { school_id: school.id });
    for (const [kind, id] of [
      ['courses', course1.id],
      ['courses', course2.id],
      ['subjects', subject.id],
    ]) {
      for (const who of [teacher, student]) {
        const res = await t.request('POST', `${A}/${kind}/${id}/enroll/`, {
          token: owner.access,
          body: { user_id: who.user.id },
        });
        expect(res.status).toBe(200);
      }
    }
    const got = await t.request('GET', `${A}/schools/${school.id}/`, { token: owner.access });
    expect(got.body.statistics).toEqual({
      courses_count: 2,
      subjects_count: 1,
      teachers_count: 1,
      students_count: 1,
    });
    const students = await t.request('GET', `${A}/schools/${school.id}/students/`, {
      token: owner.access,
    });
    expect(students.body.map((u: { id: number }) => u.id)).toEqual([student.user.id]);
    const teachers = await t.request('GET', `${A}/schools/${school.id}/teachers/`, {
      token: owner.access,
    });
    expect(teachers.body.map((u: { id: number }) => u.id)).toEqual([teacher.user.id]);
  });

  it('deleting a school keeps its courses, subjects, users and their decks', async () => {
    const owner = await person();
    const student = await person('standard');
    await befriend(owner, student);
    const school = await makeSchool(owner);
    const course = await makeGroup(owner, 'courses', { school_id: school.id });
    await t.request('POST', `${A}/courses/${course.id}/enroll/`, {
      token: owner.access,
      body: { user_id: student.user.id },
    });
    const deck = await t.request('POST', '/be/api/space-repetition/desks/', {
      token: student.access,
      body: { name: 'Capitals' },
    });
    expect(deck.status).toBe(201);

    const del = await t.request('DELETE', `${A}/schools/${school.id}/`, { token: owner.access });
    expect(del.status).toBe(204);
    expect(
      (await t.request('GET', `${A}/schools/${school.id}/`, { token: owner.access })).status,
    ).toBe(404);
    const courses = await t.request('GET', `${A}/courses/`, { token: owner.access });
    expect(courses.body).toMatchObject([{ id: course.id, school_id: null, students_count: 1 }]);

    const delCourse = await t.request('DELETE', `${A}/courses/${course.id}/`, {
      token: owner.access,
    });
    expect(delCourse.status).toBe(204);
    const me = await t.request('GET', `${A}/users/me/`, { token: student.access });
    expect(me.status).toBe(200);
    const decks = await t.request('GET', '/be/api/space-repetition/desks/', {
      token: student.access,
    });
    expect(decks.body.map((d: { id: number }) => d.id)).toEqual([deck.body.id]);
  });
});
