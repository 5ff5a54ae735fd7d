/** Contract-typed answers for the school stories (dates relative to FIXED_NOW). */
import type { Course, School, UserSummary } from '@memoria/api';
import type { components } from '@memoria/api/schema';
import { ago } from '../../../../.storybook/fixtures.ts';
import { api, fail, HttpResponse, ok, user } from '../../shared/test/storyData.ts';

type Schemas = components['schemas'];

export function school(overrides: Partial<School> = {}): School {
  return {
    id: 3,
    name: 'Colegio del Sur',
    address: 'Av. Rivadavia 1234, Buenos Aires',
    phone: '+54 11 5555 0100',
    email: 'secretaria@colegiodelsur.edu.ar',
    website: 'https://colegiodelsur.edu.ar',
    owner_id: 1,
    statistics: { courses_count: 3, subjects_count: 6, teachers_count: 2, students_count: 48 },
    created_at: ago({ days: 12 }),
    updated_at: ago({ days: 2 }),
    ...overrides,
  };
}

export const emptySchool = school({
  id: 4,
  name: 'Instituto Norte',
  address: '',
  phone: '',
  email: '',
  website: '',
  statistics: { courses_count: 0, subjects_count: 0, teachers_count: 0, students_count: 0 },
});

const group = (id: number, name: string, description: string, students = 0, teachers = 0) =>
  ({
    id,
    name,
    description,
    school_id: 3,
    students_count: students,
    teachers_count: teachers,
    created_at: ago({ days: 12 }),
    updated_at: ago({ days: 12 }),
  }) satisfies Course;

export const courses: Course[] = [
  group(11, 'First year', 'Students in their first year.', 18, 1),
  group(12, 'Second year', 'Students in their second year.', 16, 1),
  group(13, 'Third year', 'Students in their third year.', 14, 1),
];

export const subjects: Course[] = [
  group(21, 'Geography', 'Countries, capitals and maps.', 30, 1),
  group(22, 'History', 'Dates, people and events.', 48, 2),
  group(23, 'Mathematics', 'Numbers, algebra and geometry.', 48, 1),
];

const member = (id: number, username: string, first: string, last: string): UserSummary => ({
  id,
  email: `${username}@colegiodelsur.edu.ar`,
  username,
  first_name: first,
  last_name: last,
});

export const teachers = [
  member(31, 'lperez', 'Lucía', 'Pérez'),
  member(32, 'mgomez', 'Martín', 'Gómez'),
];
export const students = [
  member(41, 'agarcia', 'Ana', 'García'),
  member(42, 'bruiz', 'Bruno', 'Ruiz'),
  member(43, 'cdiaz', 'Carla', 'Díaz'),
];

/** The owner's invited students and enterprise teachers, as the relationship lists answer. */
export const invitedStudents = [
  member(44, 'dsosa', 'Diego', 'Sosa'),
  member(45, 'elopez', 'Elena', 'López'),
];
export const enterpriseTeachers = [member(33, 'rvega', 'Rosa', 'Vega')];

/** What the enroll calls answer: the owner's enterprise teachers join as teachers, others as students. */
export function enrollHandlers() {
  const everyone = [...invitedStudents, ...enterpriseTeachers, ...students, ...teachers];
  const enrollment = (userId: number) => ({
    user: everyone.find((u) => u.id === userId) ?? member(userId, 'someone', '', ''),
    role: enterpriseTeachers.some((u) => u.id === userId)
      ? ('teacher' as const)
      : ('student' as const),
    enrolled_at: '2025-01-15T10:00:00Z',
  });
  return [
    api.post('/auth/courses/{id}/enroll/', async ({ request, params }) => {
      const { user_id } = await request.json();
      return HttpResponse.json({ course_id: Number(params.id), ...enrollment(user_id) });
    }),
    api.post('/auth/subjects/{id}/enroll/', async ({ request, params }) => {
      const { user_id } = await request.json();
      return HttpResponse.json({ subject_id: Number(params.id), ...enrollment(user_id) });
    }),
  ];
}

export function accountOf(plan: Schemas['AccountType']) {
  return ok('/auth/users/account_info/', {
    account_type: plan,
    role: plan === 'enterprise' || plan === 'enterprise_plus' ? 'teacher' : 'student',
    is_paid: plan !== 'free',
    features: [],
    subscription_end_date: null,
  });
}

/** Everything a school's pages read, for school 3 (full) and the list. */
export function schoolData(full = true) {
  const s = full ? school() : school({ statistics: emptySchool.statistics });
  return [
    accountOf('enterprise'),
    // The owner of both schools (`owner_id: 1`).
    ok('/auth/users/me/', { ...user, id: 1, account_type: 'enterprise', role: 'teacher' }),
    ok('/auth/teacher-student-relationships/my_students/', invitedStudents),
    ok('/auth/enterprise-teacher-relationships/my_enterprise_teachers/', enterpriseTeachers),
    ...enrollHandlers(),
    ok('/auth/schools/', [s, emptySchool]),
    ok('/auth/schools/{id}/', s),
    ok('/auth/schools/{id}/courses/', full ? courses : []),
    ok('/auth/schools/{id}/subjects/', full ? subjects : []),
    ok('/auth/schools/{id}/teachers/', full ? teachers : []),
    ok('/auth/schools/{id}/students/', full ? students : []),
  ];
}

export { api, fail, HttpResponse, ok };

/** The assignments of course 5 and the teacher's decks (one of them assigned already). */
export function assignmentData(assigned: Schemas['Assignment'][] = assignments()) {
  const deck = (id: number, name: string, cards: number): Schemas['Desk'] => ({
    id,
    name,
    cards_count: cards,
    new_cards_per_day: 10,
    new_cards_today: 0,
    remaining_today: 0,
    due_count: 0,
    new_count: 0,
    is_owner: true,
    can_edit: true,
    owner_username: 'ana',
    shared_with: [],
    allow_editing: false,
    assignments: [],
    created_at: ago({ days: 30 }),
    updated_at: ago({ days: 3 }),
  });
  return [
    ok('/auth/courses/{id}/assignments/', assigned),
    ok('/space-repetition/desks/', [
      deck(21, 'La célula', 42),
      deck(22, 'Verbos irregulares', 80),
      deck(23, 'Capitales de Europa', 45),
    ]),
    api.post('/auth/courses/{id}/assignments/', () =>
      HttpResponse.json(assignments()[0] as Schemas['Assignment'], { status: 201 }),
    ),
    api.put('/auth/courses/{id}/assignments/{assignment_id}/', () =>
      HttpResponse.json(
        {
          code: 'validation_error',
          detail: 'due_date: The exam date is in the past.',
          fields: { due_date: ['The exam date is in the past.'] },
          field_codes: { due_date: ['exam_date_in_past'] },
        },
        { status: 400 },
      ),
    ),
  ];
}

export function assignments(): Schemas['Assignment'][] {
  return [
    {
      id: 1,
      desk_id: 21,
      desk_name: 'La célula',
      cards_count: 42,
      due_date: '2025-01-27',
      created_at: ago({ days: 4 }),
    },
    {
      id: 2,
      desk_id: 22,
      desk_name: 'Verbos irregulares',
      cards_count: 80,
      due_date: null,
      created_at: ago({ days: 2 }),
    },
  ];
}

export const courseFive: Course = {
  id: 5,
  name: 'Primero B',
  description: '',
  school_id: 3,
  students_count: 24,
  teachers_count: 2,
  created_at: ago({ days: 12 }),
  updated_at: ago({ days: 2 }),
};

/** Course 5's progress: one deck with an exam date, four students, five cards. */
export function courseProgress(): Schemas['CourseProgress'] {
  const line = (
    user_id: number,
    name: string,
    started: number,
    week: number,
    minutes: number,
    retention: number,
    days: number[],
    activeDaysAgo: number | null,
    source: Schemas['StudentProgress']['parameters_source'] = 'defaults',
  ): Schemas['StudentProgress'] => ({
    user_id,
    name,
    cards_started: started,
    reviews_week: week,
    minutes_week: minutes,
    reviews_per_day: days,
    predicted_retention: retention,
    own_parameters: source === 'own',
    parameters_source: source,
    last_active: activeDaysAgo === null ? null : ago({ days: activeDaysAgo }),
  });
  const card = (
    card_id: number,
    front: string,
    reviews: number,
    lapse: number,
    forget: number,
  ) => ({
    card_id,
    front,
    reviews,
    lapse_rate: reviews === 0 ? null : lapse,
    forget_share: forget,
  });
  return {
    course_id: 5,
    computed_at: ago({ days: 0 }),
    assignments: [
      {
        id: 1,
        desk_id: 21,
        desk_name: 'La célula',
        cards_count: 42,
        due_date: '2025-01-27',
        students: [
          line(
            41,
            'Ana García',
            40,
            96,
            31.5,
            0.88,
            [5, 8, 0, 12, 9, 7, 10, 4, 15, 11, 6, 13, 9, 14],
            0,
            'own',
          ),
          line(
            42,
            'Bruno Ruiz',
            22,
            35,
            12,
            0.47,
            [0, 2, 5, 0, 0, 3, 8, 0, 4, 6, 0, 9, 5, 3],
            1,
            'pooled',
          ),
          line(43, 'Carla Díaz', 0, 0, 0, 0, new Array(14).fill(0), null),
          line(44, 'Diego Sosa', 31, 12, 4.5, 0.62, [9, 7, 6, 8, 5, 0, 0, 0, 4, 0, 3, 0, 0, 5], 4),
        ],
        cards: [
          card(301, 'Mitochondrial DNA is inherited from…', 0, 0, 1),
          card(302, 'Function of the Golgi apparatus', 14, 0.43, 0.71),
          card(303, 'What does the ribosome make?', 12, 0.25, 0.52),
          card(304, 'Lysosome', 10, 0.1, 0.4),
          card(305, 'Cell membrane', 9, 0, 0.28),
        ],
      },
    ],
  };
}

/** Subject 7's progress: course 5's figures under a subject. */
export function subjectProgress(): Schemas['SubjectProgress'] {
  const { course_id: _course, ...rest } = courseProgress();
  return { subject_id: 7, ...rest };
}
