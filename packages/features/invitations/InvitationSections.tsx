import { useMe } from '@memoria/api';
import { InvitationManager } from './InvitationManager.tsx';
import { EnterpriseTeachers, MyStudents } from './PeopleList.tsx';

/**
 * The enterprise sections of `/profile` (product-spec §2 and §6), a part of `Profile` in
 * `ProfileIsland`: an Enterprise+ owner invites teachers (enterprise invitations) and sees their
 * teachers; an Enterprise account (and Enterprise+) invites students and sees their students. Other
 * plans see nothing here.
 *
 * **Use it** on the profile, where a school's owner or teacher hands out invitation links.
 * **Don't use it** to accept an invitation (`InvitationPage`) or to enrol people in courses
 * (`EnrolPeople`, on the schools pages).
 *
 * **API calls and states.** The plan is the account's (`GET auth/users/me/`, which the profile
 * already reads), so no section shows before it is known (`TeacherEmpty` shows an Enterprise
 * account's two).
 * - `GET auth/enterprise-invitations/` or `GET auth/teacher-invitations/` (`InvitationManager`): a
 *   skeleton while loading; each invitation with its status (pending, used, expired), its address
 *   or "Anyone with the link", its link while pending, its expiry or who used it (`Owner`); "No
 *   invitations yet" (`TeacherEmpty`); a failed read says so with Retry while the other sections
 *   still show (`LoadFailed`).
 * - Create invitation: `POST` on the same path with an optional email; the new one joins the list
 *   and a snackbar says so; a 400 shows under the email field, another failure above the button.
 * - Copy link writes `/invitation/{code}` to the clipboard (a snackbar says whether it worked);
 *   Revoke asks first in a dialog (`RevokeConfirmation`), then `DELETE …/{id}/`, its result in a
 *   snackbar.
 * - `GET auth/enterprise-teacher-relationships/my_enterprise_teachers/` and
 *   `GET auth/teacher-student-relationships/my_students/`: each person's name, username and email,
 *   an empty note (`TeacherEmpty`), or the error with Retry.
 *
 * **Accessibility.** Each part is a section headed by an `h2` ("Student invitations", "My
 * students"…). The email field has a real label, its hint and error linked to it; Enter in it
 * creates the invitation. A pending invitation's link is a labelled read-only field that selects
 * its text on focus, so it can be copied by keyboard too. Revoke's confirmation is a modal dialog
 * whose focus starts on Cancel; failed reads are `role="alert"`, results snackbars (failures
 * `role="alert"`, the rest `role="status"`).
 */
export function InvitationSections({
  origin,
}: {
  /** The origin of the invitation links; default: the page's own. */
  origin?: string | undefined;
}) {
  const plan = useMe().data?.account_type;
  const owner = plan === 'enterprise_plus';
  const teacher = owner || plan === 'enterprise';
  return (
    <>
      {owner ? (
        <>
          <InvitationManager kind="enterprise" origin={origin} />
          <EnterpriseTeachers />
        </>
      ) : null}
      {teacher ? (
        <>
          <InvitationManager kind="teacher" origin={origin} />
          <MyStudents />
        </>
      ) : null}
    </>
  );
}
