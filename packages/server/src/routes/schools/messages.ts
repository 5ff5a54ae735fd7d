/** The English messages of school, course and subject errors (the UI translates by code). */
export const MESSAGES = {
  enterpriseOnly: 'Only Enterprise accounts manage schools, courses and subjects.',
  schoolNotFound: 'No school with this id.',
  courseNotFound: 'No course with this id.',
  subjectNotFound: 'No subject with this id.',
  userNotFound: 'No user with this id.',
  schoolOwnerOnly: 'Only the owner of this school can do this.',
  courseOwnerOnly: 'Only the owner of this course can do this.',
  subjectOwnerOnly: 'Only the owner of this subject can do this.',
  teachersOnly: 'Only the owner and the teachers of this course or subject can do this.',
  assignmentNotFound: 'No assignment with this id.',
  alreadyAssigned: 'This deck is already assigned here.',
  examInPast: 'The exam date is in the past.',
  defaultDataExists: 'This school already has courses or subjects; no starter data was added.',
} as const;
