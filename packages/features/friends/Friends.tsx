/**
 * `/friends`: add a friend, requests received and sent, and friends. Changes made elsewhere (the
 * other person answering, a new request) arrive through the events stream, which refreshes these
 * lists; pending requests poll every 10 s while it is down.
 */
import { Snackbar } from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { AddFriend } from './AddFriend.tsx';
import { FriendList, RequestList } from './FriendLists.tsx';
import * as s from './friends.css.ts';

/**
 * The friends page on `/friends`, mounted by `FriendsIsland`: add a friend (search as you type),
 * the requests received (Accept, Reject) and sent (Cancel), and the friends (Duel, Remove). Changes
 * made elsewhere (the other person answering, a new request) arrive through the events stream,
 * which refreshes these lists; pending requests are read again every 10 s while it is down.
 *
 * **Use it** for everything about the learner's friends. **Don't use it** for the few friends of
 * the right column (`RightPanel`) or for the friend requests of the notifications
 * (`NotificationsMenu`).
 *
 * **API calls and states.** Each list loads on its own: skeleton rows while it loads (`Loading`, as
 * signed out or waiting for the session), its message and Retry when it fails while the others
 * still show (`LoadError`), a sentence when it is empty (`Empty`), else the rows, paginated
 * (`WithFriends`).
 * - `GET friends/friendships/friend_list/` (the friends) and `GET friends/friendships/pending/`
 *   (received and sent).
 * - `GET friends/users/search/` 300 ms after the last key: each person with what can be done (Add,
 *   Accept, or their relation: friend, request sent) (`SearchResults`); "Searching…", no result or
 *   a failed search is said under the field.
 * - `POST friends/friendships/` sends a request to the exact username or email typed (Enter or Send
 *   request) or to a result; a refusal shows under the field (`SendConflict`); success in a
 *   snackbar.
 * - `POST friends/friendships/{id}/accept/`, `…/reject/`, `…/cancel/`; `…/remove/` asks first in a
 *   dialog (`RemoveConfirm`); a failure shows its message in the row or the dialog.
 *
 * **Accessibility.** "Friends" is the page's `h1` and each list a section headed by an `h2`. In the
 * add box, ArrowDown moves from the field through the results' buttons, ArrowUp back, Escape
 * returns to the field; the search status ("2 people found", "Nobody found with that username or
 * email.") is linked to the field and read from a polite live region. Every row button names the
 * person ("Accept ana", "Duel ana", "Remove ana"); Duel is a link to the duels with that friend
 * preselected. Remove's confirmation is a modal dialog whose focus starts on Keep; failures are
 * `role="alert"`, done actions a success snackbar.
 */
export function Friends() {
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className={s.page}>
      <div className={s.headerText}>
        <h1 className={s.title}>
          <FormattedMessage id="friends.title" />
        </h1>
        <p className={s.subtitle}>
          <FormattedMessage id="friends.subtitle" />
        </p>
      </div>
      <AddFriend onDone={setNotice} />
      <RequestList direction="received" onDone={setNotice} />
      <RequestList direction="sent" onDone={setNotice} />
      <FriendList onDone={setNotice} />
      <Snackbar
        open={notice !== null}
        message={notice ?? ''}
        severity="success"
        onClose={() => setNotice(null)}
      />
    </div>
  );
}
