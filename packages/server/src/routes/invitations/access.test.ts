/**
 * The matrix "Who may do what" for invitations, relationships and user records, cell by cell. The
 * matrix is data, `src/test/invitations-access-matrix.tsv` (docs/features/invitations.md points
 * to it): this file knows how to try each of its operations and checks every cell it states.
 *
 * The organisation under test: an Enterprise+ owner (`plusThis`) whose enterprise invitations
 * made `teacherThis` and `teacher2` Enterprise teachers; `teacherThis` owns a school with a course
 * in which `teacher2` teaches and `studentThis` (invited by `teacherThis`, so Standard) learns.
 * Another organisation: `plusOther`, whose teacher `otherTeacher` owns another school and has a
 * student of their own. A cell says what a caller gets for this organisation's object: `yes`
 * (2xx, and the object is there), `none` (2xx, only the caller's own: the object is not there), or
 * a status.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { A, helpers, type Kind, PATHS, type Person } from '../../test/invitations.ts';
import { helpers as schoolHelpers } from '../../test/schools.ts';

let t: TestBackend;
const { person, invite } = helpers(() => t);
const { makeSchool, makeGroup, invited, befriend } = schoolHelpers(() => t);

const COLUMNS = [
  'anonymous',
  'free',
  'Standard',
  'Enterprise, this school',
  'Enterprise, another school',
  'Enterprise+, this organisation',
  'Enterprise+, another organisation',
] as const;
type Column = (typeof COLUMNS)[number];
type Cell = 'yes' | 'none' | '401' | '403' | '404' | '409';

const org = {} as Record<
  'free' | 'standard' | 'plusThis' | 'plusOther' | 'teacherThis' | 'teacher2' | 'otherTeacher',
  Person
> & { studentThis: Person; otherStudent: Person };

const caller = (column: Column): Person | null =>
  ({
    anonymous: null,
    free: org.free,
    Standard: org.standard,
    'Enterprise, this school': org.teacherThis,
    'Enterprise, another school': org.otherTeacher,
    'Enterprise+, this organisation': org.plusThis,
    'Enterprise+, another organisation': org.plusOther,
  })[column];

beforeAll(async () => {
  t = await createTestBackend();
  org.free = await person('free');
  org.standard = await person('standard');
  org.plusThis = await person('enterprise_plus');
  org.plusOther = await person('enterprise_plus');
  org.teacherThis = await person('standard');
  org.teacher2 = await person('standard');
  org.otherTeacher = await person('standard');
  org.studentThis = await person('free');
  org.otherStudent = await person('free');
  await invited(org.plusThis, 'enterprise', org.teacherThis);
  await invited(org.plusThis, 'enterprise', org.teacher2);
  await invited(org.plusOther, 'enterprise', org.otherTeacher);
  await invited(org.teacherThis, 'teacher', org.studentThis);
  await invited(org.otherTeacher, 'teacher', org.otherStudent);
  const school = await makeSchool(org.teacherThis);
  const course = await makeGroup(org.teacherThis, 'courses', { school_id: school.id });
  await befriend(org.teacherThis, org.teacher2);
  for (const who of [org.teacher2, org.studentThis]) {
    const res = await t.request('POST', `${A}/courses/${course.id}/enroll/`, {
      token: org.teacherThis.access,
      body: { user_id: who.user.id },
    });
    expect(res.status).toBe(200);
  }
  const other = await makeSchool(org.otherTeacher, { name: 'Other school' });
  const otherCourse = await makeGroup(org.otherTeacher, 'courses', { school_id: other.id });
  await t.request('POST', `${A}/courses/${otherCourse.id}/enroll/`, {
    token: org.otherTeacher.access,
    body: { user_id: org.otherStudent.user.id },
  });
});

afterAll(async () => {
  await t?.close();
});

function call(column: Column, method: string, url: string, body?: unknown) {
  const who = caller(column);
  return t.request(method, url, { ...(who ? { token: who.access } : {}), body });
}

type Outcome = { status: number; seen?: boolean };
const ids = (body: unknown): number[] =>
  Array.isArray(body) ? body.map((x: { id: number }) => x.id) : [];

/** A pending invitation of this organisation: an enterprise one of its owner, a teacher one of its school's teacher. */
const objectOf = (kind: Kind) =>
  invite(kind === 'enterprise' ? org.plusThis : org.teacherThis, kind);

const list = (kind: Kind) => async (column: Column) => {
  const object = await objectOf(kind);
  const res = await call(column, 'GET', PATHS[kind].list);
  return { status: res.status, seen: ids(res.body).includes(object.id) };
};
const read = (kind: Kind) => async (column: Column) => {
  const object = await objectOf(kind);
  const res = await call(column, 'GET', `${PATHS[kind].list}${object.id}/`);
  return { status: res.status, seen: res.body?.id === object.id };
};
const revoke = (kind: Kind) => async (column: Column) => {
  const object = await objectOf(kind);
  const res = await call(column, 'DELETE', `${PATHS[kind].list}${object.id}/`);
  // Whatever the answer, the invitation is gone exactly when the caller could revoke it.
  const owner = kind === 'enterprise' ? org.plusThis : org.teacherThis;
  const after = await t.request('GET', `${PATHS[kind].list}${object.id}/`, {
    token: owner.access,
  });
  expect(after.status).toBe(res.status === 204 ? 404 : 200);
  return { status: res.status };
};
const create = (kind: Kind) => async (column: Column) => ({
  status: (await call(column, 'POST', PATHS[kind].list, {})).status,
});
type Row = { id?: number; [key: string]: unknown };
/** The relationship list (or person) at `url`, and whether this organisation's link is in it. */
const relation = (url: string, isObject: (row: Row) => boolean) => async (column: Column) => {
  const res = await call(column, 'GET', url);
  const rows = (Array.isArray(res.body) ? res.body : [res.body]) as Row[];
  return { status: res.status, seen: rows.some((row) => row !== null && isObject(row)) };
};
const idOf = (row: unknown) => (row as { id?: number } | null)?.id;
const userRecord =
  (method: 'GET' | 'PATCH', target: (column: Column) => Person | null) =>
  async (column: Column) => {
    const who = target(column) ?? org.free;
    const body = method === 'PATCH' ? { first_name: 'Changed' } : undefined;
    const res = await call(column, method, `${A}/users/${who.user.id}/`, body);
    return { status: res.status, seen: res.body?.id === who.user.id };
  };

const PLAN_RANK = ['free', 'standard', 'enterprise', 'enterprise_plus'];
/** Applies a fresh code of this organisation; the plan afterwards is never lower than before. */
const apply = (kind: Kind) => async (column: Column) => {
  const object = await objectOf(kind);
  const who = caller(column);
  const before = who ? (await call(column, 'GET', `${A}/users/account_info/`)).body : null;
  const res = await call(column, 'POST', PATHS[kind].apply(object.code));
  if (res.status === 200) {
    const granted = kind === 'enterprise' ? 'enterprise' : 'standard';
    const rank = Math.max(PLAN_RANK.indexOf(before.account_type), PLAN_RANK.indexOf(granted));
    expect(res.body.user.account_type).toBe(PLAN_RANK[rank]);
  }
  return { status: res.status };
};
let registered = 0;
const register = (kind: Kind) => async (column: Column) => {
  const object = await objectOf(kind);
  registered += 1;
  const n = `reg${process.pid}x${registered}`;
  const res = await call(column, 'POST', PATHS[kind].register(object.code), {
    email: `${n}@example.com`,
    username: n,
    password: 'correct horse battery',
    password2: 'correct horse battery',
    first_name: 'Ana',
    last_name: 'Díaz',
  });
  if (res.status === 201) {
    expect(res.body.account_type).toBe(kind === 'enterprise' ? 'enterprise' : 'standard');
  }
  return { status: res.status };
};

const REL = `${A}/enterprise-teacher-relationships/`;
const TS = `${A}/teacher-student-relationships/`;

/** How to try each row of the matrix (its operation, as the data file names it) for one caller. */
const ATTEMPTS: Record<string, (column: Column) => Promise<Outcome>> = {
  'create an enterprise invitation': create('enterprise'),
  'list enterprise invitations': list('enterprise'),
  'read an enterprise invitation by id': read('enterprise'),
  'revoke an enterprise invitation by id': revoke('enterprise'),
  'create a teacher invitation': create('teacher'),
  'list teacher invitations': list('teacher'),
  'read a teacher invitation by id': read('teacher'),
  'revoke a teacher invitation by id': revoke('teacher'),
  'verify a code (rate-limited on unknown codes)': async (column) => {
    const object = await objectOf('teacher');
    const res = await call(column, 'GET', `${A}/verify-invitation/${object.code}/`);
    return { status: res.status, seen: res.body.valid === true };
  },
  '`my_enterprise_teachers/`': relation(
    `${REL}my_enterprise_teachers/`,
    (r) => r.id === org.teacherThis.user.id,
  ),
  '`my_enterprise_owner/`': relation(
    `${REL}my_enterprise_owner/`,
    (r) => r.id === org.plusThis.user.id,
  ),
  '`enterprise-teacher-relationships/`': relation(
    REL,
    (r) =>
      idOf(r.enterprise_owner) === org.plusThis.user.id &&
      idOf(r.teacher) === org.teacherThis.user.id,
  ),
  '`my_students/`': relation(`${TS}my_students/`, (r) => r.id === org.studentThis.user.id),
  '`my_teachers/`': relation(`${TS}my_teachers/`, (r) => r.id === org.teacherThis.user.id),
  '`teacher-student-relationships/`': relation(
    TS,
    (r) =>
      idOf(r.teacher) === org.teacherThis.user.id && idOf(r.student) === org.studentThis.user.id,
  ),
  'read, change `users/{id}/` of oneself': async (column) => {
    const got = await userRecord('GET', caller)(column);
    const changed = await userRecord('PATCH', caller)(column);
    expect(changed.status).toBe(got.status);
    return got;
  },
  'read `users/{id}/` of a student of this school': userRecord('GET', () => org.studentThis),
  'read `users/{id}/` of a teacher of this school': userRecord('GET', () => org.teacher2),
  'change `users/{id}/` of someone else': userRecord('PATCH', () => org.studentThis),
  'apply a teacher invitation of this school': apply('teacher'),
  'apply an enterprise invitation of this organisation': apply('enterprise'),
  'register a new account with a code': register('teacher'),
};

/**
 * The matrix as data: tab-separated, a header row (`operation` and the columns), then one row per
 * operation with its cells. Tabs, because GitHub shows a .tsv as a table and cells hold commas.
 */
const ACCESS_MATRIX = (() => {
  const file = new URL('../../test/invitations-access-matrix.tsv', import.meta.url);
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  const [columns = [], ...rows] = lines.map((line) => line.split('\t'));
  return { columns, rows };
})();

/** The data file's rows, in its order: the operation, its cells by column, and how to try a cell. */
function matrix(): [string, Cell[], (column: Column) => Promise<Outcome>][] {
  return ACCESS_MATRIX.rows.map(([operation = '', ...cells]) => [
    operation,
    cells as Cell[],
    ATTEMPTS[operation] ?? (() => Promise.reject(new Error(`no attempt for ${operation}`))),
  ]);
}
const MATRIX = matrix();

describe('who may do what with invitations, relationships and user records', () => {
  it('the data file states a cell for exactly the operations tried here', () => {
    expect(ACCESS_MATRIX.columns).toEqual(['operation', ...COLUMNS]);
    expect(ACCESS_MATRIX.rows.map(([operation]) => operation)).toEqual(Object.keys(ATTEMPTS));
    for (const [, ...cells] of ACCESS_MATRIX.rows) expect(cells).toHaveLength(COLUMNS.length);
  });

  describe.each(MATRIX)('%s', (_op, cells, attempt) => {
    it.each(COLUMNS.map((column, i) => [column, cells[i] as Cell]))(
      '%s: %s',
      async (column, cell) => {
        const { status, seen } = await attempt(column);
        if (cell === 'yes' || cell === 'none') {
          expect(status).toBeGreaterThanOrEqual(200);
          expect(status).toBeLessThan(300);
          if (seen !== undefined) expect(seen).toBe(cell === 'yes');
          else expect(cell).toBe('yes');
        } else {
          expect(String(status)).toBe(cell);
        }
      },
    );
  });

  it("a teacher of the school reads its students; a student reads none of the school's people", async () => {
    const get = (who: Person, target: Person) =>
      t.request('GET', `${A}/users/${target.user.id}/`, { token: who.access });
    expect((await get(org.teacher2, org.studentThis)).status).toBe(200);
    expect((await get(org.teacher2, org.otherStudent)).status).toBe(404);
    expect((await get(org.studentThis, org.teacher2)).status).toBe(404);
    expect((await get(org.studentThis, org.teacherThis)).status).toBe(404);
    expect((await get(org.otherTeacher, org.otherStudent)).status).toBe(200);
    expect((await get(org.plusOther, org.otherTeacher)).status).toBe(200);
  });
});
