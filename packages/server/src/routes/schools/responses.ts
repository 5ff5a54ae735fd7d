/** Storage records as the contract's schemas. */
import type { Schemas } from '../../contract/types.ts';
import type {
  EnrollmentRecord,
  GroupAccess,
  SchoolAccess,
  UserSummaryRecord,
} from '../../db/queries/schools.ts';

export function toUserSummary(u: UserSummaryRecord): Schemas['UserSummary'] {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
  };
}

export function toSchool(s: SchoolAccess): Schemas['School'] {
  return {
    id: s.id,
    name: s.name,
    address: s.address,
    phone: s.phone,
    email: s.email,
    website: s.website,
    owner_id: s.ownerId,
    statistics: {
      courses_count: s.statistics.coursesCount,
      subjects_count: s.statistics.subjectsCount,
      teachers_count: s.statistics.teachersCount,
      students_count: s.statistics.studentsCount,
    },
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

/** A course or a subject (the two schemas have the same fields). */
export function toGroup(g: GroupAccess): Schemas['Course'] & Schemas['Subject'] {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    school_id: g.schoolId,
    students_count: g.studentsCount,
    teachers_count: g.teachersCount,
    created_at: g.createdAt.toISOString(),
    updated_at: g.updatedAt.toISOString(),
  };
}

export function toCourseEnrollment(e: EnrollmentRecord): Schemas['CourseEnrollment'] {
  return {
    course_id: e.groupId,
    user: toUserSummary(e.user),
    role: e.role,
    enrolled_at: e.enrolledAt.toISOString(),
  };
}

export function toSubjectEnrollment(e: EnrollmentRecord): Schemas['SubjectEnrollment'] {
  return {
    subject_id: e.groupId,
    user: toUserSummary(e.user),
    role: e.role,
    enrolled_at: e.enrolledAt.toISOString(),
  };
}
