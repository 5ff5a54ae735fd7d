/**
 * The access matrix of docs/features/schools.md for schools, courses and subjects, cell by cell:
 * anonymous, free, Standard, Enterprise of this school (owner), Enterprise of another school,
 * Enterprise+ (of another organisation), and people enrolled in the school (a teacher and a
 * student).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { A, helpers, type Person } from '../../test/schools.ts';

let t: TestBackend;
const { person, makeSchool, makeGroup, befriend } = helpers(() => t);

type Who = 'anonymous' | 'free' | 'standard' | 'owner' | 'otherEnterprise' | 'enterprisePlus';
const people = {} as Record<Exclude<Who, 'anonymous'> | 'teacher' | 'student', Person>;
let school: { id: number };
let course: { id: number };
let subject: { id: number };

beforeAll(async () => {
  t = await createTestBackend();
  people.free = await person('free');
  people.standard = await person('standard');
  people.owner = await person('enterprise');
  people.otherEnterprise = await person('enterprise');
  people.enterprisePlus = await person('enterprise_plus');
  people.teacher = await person('enterprise');
  people.student = await person('standard');
  await makeSchool(people.otherEnterprise, { name: 'Other school' });
  school = await makeSchool(people.owner);
  course = await makeGroup(people.owner, 'courses', { school_id: school.id });
  subject = await makeGroup(people.owner, 'subjects', { school_id: school.id });
  for (const who of [people.teacher, people.student]) {
    await befriend(people.owner, who);
    for (const [kind, id] of [
      ['courses', course.id],
      ['subjects', subject.id],
    ] as const) {
      const res = await t.request('POST', `${A}/${kind}/${id}/enroll/`, {
        token: people.owner.access,
        body: { user_id: who.user.id },
      });
      expect(res.status).toBe(200);
    }
  }
});

afterAll(async () => {
  await t?.close();
});

function call(who: Who | 'teacher' | 'student', method: string, path: string, body?: unknown) {
  const token = who === 'anonymous' ? undefined : people[who].access;
  return t.request(method, `${A}${path}`, { token, body });
}

/** Reads of this school's objects: who gets what status. */
const reads = (): [string, string][] => [
  ['getSchool', `/schools/${school.id}/`],
  ['listSchoolCourses', `/schools/${school.id}/courses/`],
  ['listSchoolSubjects', `/schools/${school.id}/subjects/`],
  ['listSchoolTeachers', `/schools/${school.id}/teachers/`],
  ['listSchoolStudents', `/schools/${school.id}/students/`],
  ['listCourseStudents', `/courses/${course.id}/students/`],
  ['listCourseTeachers', `/courses/${course.id}/teachers/`],
  ['listSubjectStudents', `/subjects/${subject.id}/students/`],
  ['listSubjectTeachers', `/subjects/${subject.id}/teachers/`],
];
const MEMBER_LISTS = /Teachers|Students/;

describe('reading a school and its courses and subjects', () => {
  it.each([
    ['anonymous', 401],
    ['free', 404],
    ['standard', 404],
    ['otherEnterprise', 404],
    ['enterprisePlus', 404],
  ] as const)('%s gets %i for every read', async (who, status) => {
    for (const [, path] of reads()) {
      expect([path, (await call(who, 'GET', path)).status]).toEqual([path, status]);
    }
  });

  it('the owner and the school’s teacher read everything', async () => {
    for (const who of ['owner', 'teacher'] as const) {
      for (const [, path] of reads()) {
        expect([who, path, (await call(who, 'GET', path)).status]).toEqual([who, path, 200]);
      }
    }
  });

  it('a student reads the school, its courses and subjects, but not who is in them', async () => {
    for (const [op, path] of reads()) {
      const expected = MEMBER_LISTS.test(op) ? 404 : 200;
      expect([op, (await call('student', 'GET', path)).status]).toEqual([op, expected]);
    }
  });

  it('lists show each person only what they own or belong to', async () => {
    const ids = async (who: Who | 'student', path: string) =>
      (await call(who, 'GET', path)).body.map((x: { id: number }) => x.id);
    expect(await ids('owner', '/schools/')).toEqual([school.id]);
    expect(await ids('student', '/schools/')).toEqual([school.id]);
    expect(await ids('student', '/courses/')).toEqual([course.id]);
    expect(await ids('student', '/subjects/')).toEqual([subject.id]);
    for (const who of ['free', 'standard', 'enterprisePlus'] as const) {
      expect(await ids(who, '/schools/')).toEqual([]);
      expect(await ids(who, '/courses/')).toEqual([]);
      expect(await ids(who, '/subjects/')).toEqual([]);
    }
    expect((await ids('otherEnterprise', '/schools/')).includes(school.id)).toBe(false);
    expect((await call('anonymous', 'GET', '/schools/')).status).toBe(401);
  });
});

describe('changing a school and its courses and subjects', () => {
  const writes = (): [string, string, string, unknown][] => [
    ['updateSchool', 'PUT', `/schools/${school.id}/`, { name: 'Renamed' }],
    ['createSchoolDefaultData', 'POST', `/schools/${school.id}/create_default_data/`, {}],
    ['updateCourse', 'PATCH', `/courses/${course.id}/`, { name: 'Renamed' }],
    ['updateSubject', 'PATCH', `/subjects/${subject.id}/`, { name: 'Renamed' }],
    ['enrollInCourse', 'POST', `/courses/${course.id}/enroll/`, { user_id: 1 }],
    ['unenrollFromCourse', 'DELETE', `/courses/${course.id}/unenroll/`, { user_id: 1 }],
    ['enrollInSubject', 'POST', `/subjects/${subject.id}/enroll/`, { user_id: 1 }],
    ['unenrollFromSubject', 'DELETE', `/subjects/${subject.id}/unenroll/`, { user_id: 1 }],
    ['assignCourseToUser', 'POST', '/users/1/assign_course/', { course_id: course.id }],
    ['removeCourseFromUser', 'DELETE', '/users/1/remove_course/', { course_id: course.id }],
    ['assignSubjectToUser', 'POST', '/users/1/assign_subject/', { subject_id: subject.id }],
    ['removeSubjectFromUser', 'DELETE', '/users/1/remove_subject/', { subject_id: subject.id }],
    ['deleteCourse', 'DELETE', `/courses/${course.id}/`, undefined],
    ['deleteSubject', 'DELETE', `/subjects/${subject.id}/`, undefined],
    ['deleteSchool', 'DELETE', `/schools/${school.id}/`, undefined],
  ];

  it.each([
    ['anonymous', 401],
    ['free', 403],
    ['standard', 403],
    ['student', 403],
    ['otherEnterprise', 404],
    ['enterprisePlus', 404],
    ['teacher', 403],
  ] as const)('%s gets %i for every change, and nothing changes', async (who, status) => {
    for (const [op, method, path, body] of writes()) {
      expect([op, (await call(who, method, path, body)).status]).toEqual([op, status]);
    }
    const still = await call('owner', 'GET', `/schools/${school.id}/`);
    expect(still.body).toMatchObject({
      name: 'Colegio Sur',
      statistics: { courses_count: 1, subjects_count: 1, teachers_count: 1, students_count: 1 },
    });
  });

  it('free and Standard accounts may not create schools, courses or subjects', async () => {
    for (const who of ['free', 'standard'] as const) {
      for (const path of ['/schools/', '/courses/', '/subjects/']) {
        expect((await call(who, 'POST', path, { name: 'Mine' })).status).toBe(403);
      }
    }
    expect((await call('anonymous', 'POST', '/schools/', { name: 'Mine' })).status).toBe(401);
  });

  it.each([
    ['anonymous', 401],
    ['free', 403],
    ['standard', 403],
    ['student', 403],
    ['owner', 201],
    ['otherEnterprise', 201],
    ['enterprisePlus', 201],
    ['teacher', 201],
  ] as const)('%s creating a school, course or subject gets %i', async (who, status) => {
    for (const path of ['/schools/', '/courses/', '/subjects/']) {
      const res = await call(who, 'POST', path, { name: `${who} ${path}` });
      expect([path, res.status]).toEqual([path, status]);
      if (status === 201) {
        // Theirs, and outside this school (which stays as it was).
        if (path === '/schools/') {
          expect(res.body.owner_id).toBe(people[who as keyof typeof people].user.id);
        } else expect(res.body.school_id).toBeNull();
        expect((await call(who, 'DELETE', `${path}${res.body.id}/`)).status).toBe(204);
      }
    }
  });

  it('Enterprise+ manages a school of its own', async () => {
    const own = await call('enterprisePlus', 'POST', '/schools/', { name: 'Plus school' });
    expect(own.status).toBe(201);
    const upd = await call('enterprisePlus', 'PUT', `/schools/${own.body.id}/`, { name: 'P' });
    expect(upd.status).toBe(200);
    // …and it stays theirs: the owner of the first school does not see it.
    expect((await call('owner', 'GET', `/schools/${own.body.id}/`)).status).toBe(404);
  });

  it('the owner changes everything (last: delete)', async () => {
    for (const [op, method, path, body] of writes()) {
      if (op.startsWith('enroll') || op.startsWith('assign')) continue; // user 1 is not theirs
      const res = await call('owner', method, path, body);
      expect([op, res.status < 300 || res.status === 409]).toEqual([op, true]);
    }
  });
});
