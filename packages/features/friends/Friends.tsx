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
