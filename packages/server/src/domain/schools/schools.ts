/**
 * School rules that are not HTTP: who manages schools, courses and subjects, the role a user is
 * enrolled with, a school's details, and the starter courses and subjects of a new school.
 */

import { isValidEmail } from '../accounts/users.ts';
import type { AccountType } from '../subscriptions/entitlements.ts';

export type SchoolRole = 'teacher' | 'student';
export type Locale = 'en' | 'es';

export const SCHOOL_MESSAGES = {
  blank: 'This field may not be blank.',
  invalidEmail: 'Enter a valid email address.',
  invalidWebsite: 'Enter a web address starting with http:// or https://.',
} as const;

/** Enterprise and Enterprise+ accounts manage schools, courses and subjects (spec §1 and §6). */
export function managesSchools(accountType: AccountType): boolean {
  return accountType === 'enterprise' || accountType === 'enterprise_plus';
}

/**
 * The role a user is enrolled with. What the user is to the owner comes first: the owner's
 * enterprise teacher (an applied enterprise invitation) is a teacher, the owner's invited student
 * (an applied teacher invitation) a student, whatever else they were before. Otherwise their school
 * role when they have one, else teacher for the accounts that teach (Enterprise, Enterprise+), else
 * student.
 */
export function enrollmentRole(user: {
  role: SchoolRole | null;
  accountType: AccountType;
  /** Their relationship to the owner enrolling them, if any. */
  relation?: SchoolRole | null;
}): SchoolRole {
  return user.relation ?? user.role ?? (managesSchools(user.accountType) ? 'teacher' : 'student');
}

export interface SchoolDetails {
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string;
}

/** An http(s) URL with a host. */
export function isValidWebsite(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * The details trimmed, with the messages of each field that breaks a rule: a name, an email that
 * is empty or valid, a website that is empty or an http(s) address.
 */
export function checkSchoolDetails(input: Partial<SchoolDetails>): {
  details: SchoolDetails;
  errors: Record<string, string[]>;
} {
  const details: SchoolDetails = {
    name: (input.name ?? '').trim(),
    address: (input.address ?? '').trim(),
    phone: (input.phone ?? '').trim(),
    email: (input.email ?? '').trim(),
    website: (input.website ?? '').trim(),
  };
  const errors: Record<string, string[]> = {};
  if (!details.name) errors.name = [SCHOOL_MESSAGES.blank];
  if (details.email && !isValidEmail(details.email)) errors.email = [SCHOOL_MESSAGES.invalidEmail];
  if (details.website && !isValidWebsite(details.website)) {
    errors.website = [SCHOOL_MESSAGES.invalidWebsite];
  }
  return { details, errors };
}

export interface StarterItem {
  name: string;
  description: string;
}

const STARTERS: Record<Locale, { courses: StarterItem[]; subjects: StarterItem[] }> = {
  en: {
    courses: [
      { name: 'First year', description: 'Students in their first year.' },
      { name: 'Second year', description: 'Students in their second year.' },
      { name: 'Third year', description: 'Students in their third year.' },
    ],
    subjects: [
      { name: 'Mathematics', description: 'Numbers, algebra and geometry.' },
      { name: 'Language and literature', description: 'Reading, writing and grammar.' },
      { name: 'History', description: 'Dates, people and events.' },
      { name: 'Natural sciences', description: 'Biology, physics and chemistry.' },
      { name: 'Geography', description: 'Countries, capitals and maps.' },
      { name: 'Foreign languages', description: 'Vocabulary and phrases.' },
    ],
  },
  es: {
    courses: [
      { name: 'Primer año', description: 'Estudiantes de primer año.' },
      { name: 'Segundo año', description: 'Estudiantes de segundo año.' },
      { name: 'Tercer año', description: 'Estudiantes de tercer año.' },
    ],
    subjects: [
      { name: 'Matemáticas', description: 'Números, álgebra y geometría.' },
      { name: 'Lengua y literatura', description: 'Lectura, escritura y gramática.' },
      { name: 'Historia', description: 'Fechas, personajes y acontecimientos.' },
      { name: 'Ciencias naturales', description: 'Biología, física y química.' },
      { name: 'Geografía', description: 'Países, capitales y mapas.' },
      { name: 'Idiomas extranjeros', description: 'Vocabulario y frases.' },
    ],
  },
};

/** The starter courses and subjects of a school, in its language. */
export function starterData(locale: Locale): { courses: StarterItem[]; subjects: StarterItem[] } {
  return STARTERS[locale];
}
