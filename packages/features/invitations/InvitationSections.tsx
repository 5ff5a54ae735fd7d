import { useMe } from '@memoria/api';
import { InvitationManager } from './InvitationManager.tsx';
import { EnterpriseTeachers, MyStudents } from './PeopleList.tsx';

/**
 * The enterprise sections of `/profile` (product-spec §2 and §6), composed by `ProfileIsland`'s
 * profile page: Enterprise+ owners manage enterprise invitations and see their teachers;
 * Enterprise accounts (and Enterprise+) manage student invitations and see their students. Other
 * plans see nothing here. The plan is the account's (`GET auth/users/me/`, which the profile
 * already reads), so no section shows before it is known.
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
