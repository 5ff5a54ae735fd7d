import { describe, expect, test } from 'vitest';
import {
  checkSchoolDetails,
  enrollmentRole,
  isValidWebsite,
  managesSchools,
  starterData,
} from './schools.ts';

describe('school rules', () => {
  test('only Enterprise and Enterprise+ accounts manage schools', () => {
    expect(managesSchools('free')).toBe(false);
    expect(managesSchools('standard')).toBe(false);
    expect(managesSchools('enterprise')).toBe(true);
    expect(managesSchools('enterprise_plus')).toBe(true);
  });

  test('a user is enrolled with their school role, else by the account that teaches', () => {
    expect(enrollmentRole({ role: 'student', accountType: 'enterprise' })).toBe('student');
    expect(enrollmentRole({ role: 'teacher', accountType: 'standard' })).toBe('teacher');
    expect(enrollmentRole({ role: null, accountType: 'enterprise' })).toBe('teacher');
    expect(enrollmentRole({ role: null, accountType: 'standard' })).toBe('student');
    expect(enrollmentRole({ role: null, accountType: 'free' })).toBe('student');
  });

  test("the owner's enterprise teacher is a teacher, their invited student a student", () => {
    // A former student made a teacher by an enterprise invitation keeps `role: student`.
    expect(
      enrollmentRole({ role: 'student', accountType: 'enterprise', relation: 'teacher' }),
    ).toBe('teacher');
    expect(
      enrollmentRole({ role: 'teacher', accountType: 'enterprise', relation: 'student' }),
    ).toBe('student');
    expect(enrollmentRole({ role: null, accountType: 'enterprise', relation: null })).toBe(
      'teacher',
    );
  });

  test('websites are http(s) addresses with a host', () => {
    expect(isValidWebsite('https://school.edu')).toBe(true);
    expect(isValidWebsite('http://www.colegio.com.ar/inicio')).toBe(true);
    expect(isValidWebsite('javascript:alert(1)')).toBe(false);
    expect(isValidWebsite('ftp://school.edu')).toBe(false);
    expect(isValidWebsite('school')).toBe(false);
    expect(isValidWebsite('https://localhost')).toBe(false);
  });

  test('school details are trimmed and each broken rule names its field', () => {
    expect(checkSchoolDetails({ name: '  Colegio Sur ', email: '', website: '' })).toEqual({
      details: { name: 'Colegio Sur', address: '', phone: '', email: '', website: '' },
      errors: {},
    });
    expect(checkSchoolDetails({ name: '  ', email: 'no', website: 'www' }).errors).toEqual({
      name: ['This field may not be blank.'],
      email: ['Enter a valid email address.'],
      website: ['Enter a web address starting with http:// or https://.'],
    });
  });

  test('the starter data has the same courses and subjects in English and Spanish', () => {
    const en = starterData('en');
    const es = starterData('es');
    expect(en.courses.length).toBe(es.courses.length);
    expect(en.subjects.length).toBe(es.subjects.length);
    expect(es.subjects.map((s) => s.name)).toContain('Matemáticas');
    expect(en.subjects.map((s) => s.name)).toContain('Mathematics');
    for (const list of [en.courses, en.subjects, es.courses, es.subjects]) {
      expect(new Set(list.map((i) => i.name)).size).toBe(list.length);
    }
  });
});
