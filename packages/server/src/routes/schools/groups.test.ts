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

const { person, makeSchool, makeGroup, befriend, invited } = helpers(() => t);

describe.each(['courses', 'subjects'] as const)('%s', (kind) => {
  const key = kind === 'courses' ? 'course_id' : 'subject_id';
  const assign = kind === 'courses' ? 'assign_course' : 'assign_subject';
  const removeFrom = kind === 'courses' ? 'remove_course' : 'remove_subject';

  it('creates, searches, edits and deletes, with names trimmed', async () => {
    const owner = await person();
    const school = await makeSchool(owner);
    const made = await makeGroup(owner, kind, { name: ' Algebra ', school_id: school.id });
    expect(made).toMatchObject({
      name: 'Algebra',
      description: '',
      school_id: school.id,
      students_count: 0,
      teachers_count: 0,
    });
    await makeGroup(owner, kind, { name: 'Biology' });
    const found = await t.request('GET', `${A}/${kind}/?search=alg`, { token: owner.access });
    expect(found.body.map((g: { name: string }) => g.name)).toEqual(['Algebra']);

    const edited = await t.request('PATCH', `${A}/${kind}/${made.id}/`, {
      token: owner.access,
      body: { description: 'Equations', school_id: null },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Algebra',
      description: 'Equations',
      school_id: null,
    });
    const blank = await t.request('PATCH', `${A}/${kind}/${made.id}/`, {
      token: owner.access,
      body: { name: ' ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.field_codes).toEqual({ name: ['blank'] });
    const empty = await t.request('PATCH', `${A}/${kind}/${made.id}/`, {
      token: owner.access,
      body: {},
    });
    expect(empty.status).toBe(400);

    expect(
      (await t.request('DELETE', `${A}/${kind}/${made.id}/`, { token: owner.access })).status,
    ).toBe(204);
    const left = await t.request('GET', `${A}/${kind}/`, { token: owner.access });
    expect(left.body.map((g: { name: string }) => g.name)).toEqual(['Biology']);
  });

  it('enrolls by role, from either side, twice harmlessly, and unenrolls', async () => {
    const owner = await person();
    const teacher = await person('enterprise');
    const student = await person('free');
    await befriend(owner, teacher);
    await befriend(owner, student);
    const group = await makeGroup(owner, kind);

    const asTeacher = await t.request('POST', `${A}/${kind}/${group.id}/enroll/`, {
      token: owner.access,
      body: { user_id: teacher.user.id },
    });
    expect(asTeacher.status).toBe(200);
    expect(asTeacher.body).toMatchObject({ [key]: group.id, role: 'teacher' });
    expect(asTeacher.body.user.id).toBe(teacher.user.id);

    const asStudent = await t.request('POST', `${A}/users/${student.user.id}/${assign}/`, {
      token: owner.access,
      body: { [key]: group.id },
    });
    expect(asStudent.body).toMatchObject({ role: 'student' });
    const twice = await t.request('POST', `${A}/${kind}/${group.id}/enroll/`, {
      token: owner.access,
      body: { user_id: student.user.id },
    });
    expect(twice.status).toBe(200);
    expect(twice.body.enrolled_at).toBe(asStudent.body.enrolled_at);

    const students = await t.request('GET', `${A}/${kind}/${group.id}/students/`, {
      token: owner.access,
    });
    expect(students.body.map((u: { id: number }) => u.id)).toEqual([student.user.id]);
    const teachers = await t.request('GET', `${A}/${kind}/${group.id}/teachers/`, {
      token: owner.access,
    });
    expect(teachers.body.map((u: { id: number }) => u.id)).toEqual([teacher.user.id]);

    // The student sees the group they are in (courses and subjects assigned, on their profile).
    const mine = await t.request('GET', `${A}/${kind}/`, { token: student.access });
    expect(mine.body).toMatchObject([{ id: group.id, students_count: 1, teachers_count: 1 }]);

    const removed = await t.request('DELETE', `${A}/users/${student.user.id}/${removeFrom}/`, {
      token: owner.access,
      body: { [key]: group.id },
    });
    expect(removed.status).toBe(204);
    const unenrolled = await t.request('DELETE', `${A}/${kind}/${group.id}/unenroll/`, {
      token: owner.access,
      body: { user_id: teacher.user.id },
    });
    expect(unenrolled.status).toBe(204);
    const after = await t.request('GET', `${A}/${kind}/${group.id}/students/`, {
      token: owner.access,
    });
    expect(after.body).toEqual([]);
    expect((await t.request('GET', `${A}/${kind}/`, { token: student.access })).body).toEqual([]);
  });

  it('enrolls only people the owner knows; any other id is 404', async () => {
    const owner = await person();
    const stranger = await person('standard');
    const group = await makeGroup(owner, kind);
    for (const userId of [stranger.user.id, 2147483647]) {
      const res = await t.request('POST', `${A}/${kind}/${group.id}/enroll/`, {
        token: owner.access,
        body: { user_id: userId },
      });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    const bad = await t.request('POST', `${A}/${kind}/${group.id}/enroll/`, {
      token: owner.access,
      body: { user_id: 'x' },
    });
    expect(bad.status).toBe(400);
  });

  it("enrolls the owner's enterprise teachers and invited students, by that relationship", async () => {
    const owner = await person('enterprise_plus');
    const teacher = await person('free');
    const student = await person('free');
    // A student of someone else first (role `student`), then the owner's enterprise teacher.
    const formerStudent = await person('free');
    await invited(await person('enterprise'), 'teacher', formerStudent);
    await invited(owner, 'enterprise', teacher);
    await invited(owner, 'enterprise', formerStudent);
    await invited(owner, 'teacher', student);
    const group = await makeGroup(owner, kind);

    const enrolled = async (userId: number) => {
      const res = await t.request('POST', `${A}/${kind}/${group.id}/enroll/`, {
        token: owner.access,
        body: { user_id: userId },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.role;
    };
    expect(await enrolled(teacher.user.id)).toBe('teacher');
    expect(await enrolled(formerStudent.user.id)).toBe('teacher');
    const assigned = await t.request('POST', `${A}/users/${student.user.id}/${assign}/`, {
      token: owner.access,
      body: { [key]: group.id },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ role: 'student', user: { id: student.user.id } });
    const teachers = await t.request('GET', `${A}/${kind}/${group.id}/teachers/`, {
      token: owner.access,
    });
    expect(teachers.body.map((u: { id: number }) => u.id).sort()).toEqual(
      [teacher.user.id, formerStudent.user.id].sort(),
    );
  });

  it('an Enterprise teacher enrolls the students they invited', async () => {
    const teacher = await person('enterprise');
    const student = await person('free');
    await invited(teacher, 'teacher', student);
    const school = await makeSchool(teacher);
    const group = await makeGroup(teacher, kind, { school_id: school.id });
    const res = await t.request('POST', `${A}/${kind}/${group.id}/enroll/`, {
      token: teacher.access,
      body: { user_id: student.user.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('student');
    const students = await t.request('GET', `${A}/schools/${school.id}/students/`, {
      token: teacher.access,
    });
    expect(students.body.map((u: { id: number }) => u.id)).toEqual([student.user.id]);
  });

  it("refuses another organisation's teachers and students, and their teachers' students", async () => {
    const owner = await person('enterprise_plus');
    const myTeacher = await person('free');
    await invited(owner, 'enterprise', myTeacher);
    // My teacher's own student is theirs, not mine.
    const theirStudent = await person('free');
    await invited(myTeacher, 'teacher', theirStudent);
    const otherOwner = await person('enterprise_plus');
    const otherTeacher = await person('free');
    const otherStudent = await person('free');
    await invited(otherOwner, 'enterprise', otherTeacher);
    await invited(otherOwner, 'teacher', otherStudent);
    const group = await makeGroup(owner, kind);
    for (const who of [theirStudent, otherTeacher, otherStudent, otherOwner]) {
      const res = await t.request('POST', `${A}/${kind}/${group.id}/enroll/`, {
        token: owner.access,
        body: { user_id: who.user.id },
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', detail: 'No user with this id.' });
      const viaUser = await t.request('POST', `${A}/users/${who.user.id}/${assign}/`, {
        token: owner.access,
        body: { [key]: group.id },
      });
      expect(viaUser.status).toBe(404);
    }
    // Nor may the other owner use my people in their own group.
    const theirs = await makeGroup(otherOwner, kind);
    const res = await t.request('POST', `${A}/${kind}/${theirs.id}/enroll/`, {
      token: otherOwner.access,
      body: { user_id: myTeacher.user.id },
    });
    expect(res.status).toBe(404);
    const empty = await t.request('GET', `${A}/${kind}/${group.id}/students/`, {
      token: owner.access,
    });
    expect(empty.body).toEqual([]);
  });

  it("puts a group only in the owner's own school", async () => {
    const owner = await person();
    const other = await person();
    const theirs = await makeSchool(other);
    const res = await t.request('POST', `${A}/${kind}/`, {
      token: owner.access,
      body: { name: 'Algebra', school_id: theirs.id },
    });
    expect(res.status).toBe(404);
    const mine = await makeGroup(owner, kind);
    const move = await t.request('PATCH', `${A}/${kind}/${mine.id}/`, {
      token: owner.access,
      body: { school_id: theirs.id },
    });
    expect(move.status).toBe(404);
  });
});
