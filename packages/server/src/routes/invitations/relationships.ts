/**
 * Who is linked to whom by applied invitations: enterprise owners and their teachers, teachers and
 * their students. Each caller sees only the links they are part of.
 */
import type { Handlers } from '../../contract/types.ts';
import { listRelationships } from '../../db/queries/invitations.ts';
import { maySeeStudents, maySeeTeachers } from '../../domain/schools/invitations.ts';
import { currentUser } from '../../http/current-user.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { renderEnterpriseTeacher, renderPerson, renderTeacherStudent } from './responses.ts';

export const handlers: Handlers = {
  async listEnterpriseTeacherRelationships(c) {
    const rows = await listRelationships(c.get('deps').sql, 'enterprise', currentUser(c).id);
    return c.json(rows.map(renderEnterpriseTeacher), 200);
  },

  async listMyEnterpriseTeachers(c) {
    const user = currentUser(c);
    if (!maySeeTeachers(user.accountType)) {
      throw forbidden('Only Enterprise+ accounts have enterprise teachers.');
    }
    const rows = await listRelationships(c.get('deps').sql, 'enterprise', user.id, 'upper');
    return c.json(
      rows.map((r) => renderPerson(r.lower)),
      200,
    );
  },

  async getMyEnterpriseOwner(c) {
    const rows = await listRelationships(
      c.get('deps').sql,
      'enterprise',
      currentUser(c).id,
      'lower',
    );
    const newest = rows[0];
    if (!newest) throw notFound('You belong to no enterprise.');
    return c.json(renderPerson(newest.upper), 200);
  },

  async listTeacherStudentRelationships(c) {
    const rows = await listRelationships(c.get('deps').sql, 'teacher', currentUser(c).id);
    return c.json(rows.map(renderTeacherStudent), 200);
  },

  async listMyStudents(c) {
    const user = currentUser(c);
    if (!maySeeStudents(user.accountType)) {
      throw forbidden('Only Enterprise accounts have students.');
    }
    const rows = await listRelationships(c.get('deps').sql, 'teacher', user.id, 'upper');
    return c.json(
      rows.map((r) => renderPerson(r.lower)),
      200,
    );
  },

  async listMyTeachers(c) {
    const rows = await listRelationships(c.get('deps').sql, 'teacher', currentUser(c).id, 'lower');
    return c.json(
      rows.map((r) => renderPerson(r.upper)),
      200,
    );
  },
};
