/** The profile's enterprise sections: invitations, students and teachers (issue 17). */
export { InvitationManager, invitationLink } from './InvitationManager.tsx';
export { InvitationSections } from './InvitationSections.tsx';
export { EnterpriseTeachers, MyStudents } from './PeopleList.tsx';
