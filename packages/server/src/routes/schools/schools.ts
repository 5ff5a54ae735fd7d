/** Schools: list, create, read, replace, delete, starter data, and their courses and people. */
import type { Handlers } from '../../contract/types.ts';
import {
  deleteSchool,
  insertGroups,
  insertSchool,
  replaceSchool,
  schoolGroups,
  schoolMembers,
  visibleSchools,
} from '../../db/queries/schools.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  checkSchoolDetails,
  type SchoolDetails,
  starterData,
} from '../../domain/schools/schools.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, validationError } from '../../http/errors.ts';
import { assertManager, assertSeesMembers, ownSchool, schoolFor } from './access.ts';
import { MESSAGES } from './messages.ts';
import { toGroup, toSchool, toUserSummary } from './responses.ts';

/** The school's details trimmed, else 400 naming each field that breaks a rule. */
function schoolDetails(input: Partial<SchoolDetails>): SchoolDetails {
  const { details, errors } = checkSchoolDetails(input);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return details;
}

export const handlers: Handlers = {
  async listSchools(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    return c.json((await visibleSchools(sql, user.id)).map(toSchool), 200);
  },

  async createSchool(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    assertManager(user);
    const id = await insertSchool(sql, user.id, schoolDetails(body));
    return c.json(toSchool(await schoolFor(sql, user, id)), 201);
  },

  async getSchool(c, { params }) {
    const { sql } = c.get('deps');
    return c.json(toSchool(await schoolFor(sql, currentUser(c), params.id)), 200);
  },

  async updateSchool(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const school = await ownSchool(sql, user, params.id);
    await replaceSchool(sql, school.id, schoolDetails(body));
    return c.json(toSchool(await schoolFor(sql, user, school.id)), 200);
  },

  async deleteSchool(c, { params }) {
    const { sql } = c.get('deps');
    const school = await ownSchool(sql, currentUser(c), params.id);
    await deleteSchool(sql, school.id);
    return c.body(null, 204);
  },

  async createSchoolDefaultData(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const result = await inTransaction(sql, async (tx) => {
      // Locked: two calls at once create the starter set once, the second one answers 409. The
      // counts are read after the lock, in a statement of their own: the locking statement's
      // counts come from its snapshot, taken before it waited, so a call that waited for the
      // other's commit still counted no courses and created the set again.
      const locked = await ownSchool(tx, user, params.id, true);
      const school = await schoolFor(tx, user, locked.id);
      const { coursesCount, subjectsCount } = school.statistics;
      if (coursesCount > 0 || subjectsCount > 0) {
        throw new ApiError(409, 'conflict', MESSAGES.defaultDataExists);
      }
      const starters = starterData(body?.locale ?? 'en');
      const courses = await insertGroups(tx, 'course', user.id, school.id, starters.courses);
      const subjects = await insertGroups(tx, 'subject', user.id, school.id, starters.subjects);
      return {
        school: toSchool(await schoolFor(tx, user, school.id)),
        courses_created: courses.length,
        subjects_created: subjects.length,
      };
    });
    return c.json(result, 201);
  },

  async listSchoolCourses(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const school = await schoolFor(sql, user, params.id);
    return c.json((await schoolGroups(sql, 'course', school.id, user.id)).map(toGroup), 200);
  },

  async listSchoolSubjects(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const school = await schoolFor(sql, user, params.id);
    return c.json((await schoolGroups(sql, 'subject', school.id, user.id)).map(toGroup), 200);
  },

  async listSchoolTeachers(c, { params }) {
    const { sql } = c.get('deps');
    const school = await schoolFor(sql, currentUser(c), params.id);
    assertSeesMembers(school, MESSAGES.schoolNotFound);
    return c.json((await schoolMembers(sql, school.id, 'teacher')).map(toUserSummary), 200);
  },

  async listSchoolStudents(c, { params }) {
    const { sql } = c.get('deps');
    const school = await schoolFor(sql, currentUser(c), params.id);
    assertSeesMembers(school, MESSAGES.schoolNotFound);
    return c.json((await schoolMembers(sql, school.id, 'student')).map(toUserSummary), 200);
  },
};
