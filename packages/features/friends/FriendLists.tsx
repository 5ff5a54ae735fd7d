/** The three lists of `/friends`: requests received, requests sent and friends, each paginated. */
import {
  FRIENDS_PAGE_SIZE,
  type Friend,
  type Friendship,
  type FriendshipAction,
  useAnswerFriendRequest,
  useFriends,
  usePendingFriendRequests,
  useRemoveFriend,
} from '@memoria/api';
import { Button, Dialog, Skeleton } from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './friends.css.ts';
import { duelHref, friendsErrorText, ListError, Pager, PersonCell } from './shared.tsx';

type Done = (message: string) => void;

const DONE_ID: Record<FriendshipAction, string> = {
  accept: 'friends.done.accepted',
  reject: 'friends.done.rejected',
  cancel: 'friends.done.cancelled',
};

function useDate() {
  const intl = useIntl();
  return (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });
}

function Section({
  id,
  titleId,
  count,
  children,
}: {
  id: string;
  titleId: string;
  count?: number | undefined;
  children: React.ReactNode;
}) {
  return (
    <section className={s.section} aria-labelledby={id}>
      <div className={s.sectionHeader}>
        <h2 className={s.sectionTitle} id={id}>
          <FormattedMessage id={titleId} />
        </h2>
        {count !== undefined && count > 0 ? (
          <span className={s.muted}>
            <FormattedMessage id="friends.list.count" values={{ count }} />
          </span>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function Loading() {
  const intl = useIntl();
  return <Skeleton lines={3} label={intl.formatMessage({ id: 'friends.loading' })} />;
}

function RequestRow({ request, onDone }: { request: Friendship; onDone: Done }) {
  const intl = useIntl();
  const date = useDate();
  const values = { username: request.friend.username };
  // Told through the hook's own onSuccess: the row is gone once the lists refresh, and a call's
  // own callbacks do not run after its component unmounted.
  const answer = useAnswerFriendRequest({
    onSuccess: (_, { action }) => onDone(intl.formatMessage({ id: DONE_ID[action] }, values)),
  });
  const act = (action: FriendshipAction) => answer.mutate({ id: request.id, action });
  const pending = answer.isPending ? answer.variables?.action : undefined;
  return (
    <li className={s.row}>
      <PersonCell
        person={request.friend}
        detail={
          <FormattedMessage id="friends.requestedAt" values={{ date: date(request.created_at) }} />
        }
      />
      <div className={s.rowActions}>
        {answer.error ? (
          <span className={s.detail} role="alert">
            {friendsErrorText(intl, answer.error)}
          </span>
        ) : null}
        {request.direction === 'received' ? (
          <>
            <Button
              size="sm"
              loading={pending === 'accept'}
              disabled={answer.isPending}
              aria-label={intl.formatMessage({ id: 'friends.action.acceptFrom' }, values)}
              onClick={() => act('accept')}
            >
              <FormattedMessage id="friends.action.accept" />
            </Button>
            <Button
              size="sm"
              variant="secondary"
              loading={pending === 'reject'}
              disabled={answer.isPending}
              aria-label={intl.formatMessage({ id: 'friends.action.rejectFrom' }, values)}
              onClick={() => act('reject')}
            >
              <FormattedMessage id="friends.action.reject" />
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            loading={pending === 'cancel'}
            aria-label={intl.formatMessage({ id: 'friends.action.cancelTo' }, values)}
            onClick={() => act('cancel')}
          >
            <FormattedMessage id="friends.action.cancel" />
          </Button>
        )}
      </div>
    </li>
  );
}

/** Requests received (Accept, Reject) or sent (Cancel), newest first. */
export function RequestList({
  direction,
  onDone,
}: {
  direction: 'received' | 'sent';
  onDone: Done;
}) {
  const [page, setPage] = useState(1);
  const requests = usePendingFriendRequests(direction, { page });
  const prefix = direction === 'received' ? 'friends.incoming' : 'friends.sent';
  let body: React.ReactNode;
  if (requests.isPending) body = <Loading />;
  else if (requests.isError) {
    body = <ListError error={requests.error} onRetry={() => requests.refetch()} />;
  } else if (requests.data.results.length === 0) {
    body = (
      <p className={s.muted}>
        <FormattedMessage id={`${prefix}.empty`} />
      </p>
    );
  } else {
    body = (
      <>
        <ul className={s.list}>
          {requests.data.results.map((request) => (
            <RequestRow key={request.id} request={request} onDone={onDone} />
          ))}
        </ul>
        <Pager
          page={page}
          pageSize={FRIENDS_PAGE_SIZE}
          count={requests.data.count}
          onPage={setPage}
        />
      </>
    );
  }
  return (
    <Section id={`friends-${direction}`} titleId={`${prefix}.title`}>
      {body}
    </Section>
  );
}

function RemoveFriendDialog({
  friend,
  onClose,
  onDone,
}: {
  friend: Friend;
  onClose: () => void;
  onDone: Done;
}) {
  const intl = useIntl();
  const values = { username: friend.username };
  const remove = useRemoveFriend({
    onSuccess: () => {
      onClose();
      onDone(intl.formatMessage({ id: 'friends.done.removed' }, values));
    },
  });
  return (
    <Dialog
      open
      size="sm"
      onClose={onClose}
      title={<FormattedMessage id="friends.remove.title" values={values} />}
      description={<FormattedMessage id="friends.remove.body" />}
      actions={
        <>
          <Button variant="text" onClick={onClose}>
            <FormattedMessage id="friends.remove.keep" />
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => remove.mutate({ id: friend.friendship_id })}
          >
            <FormattedMessage id="friends.remove.confirm" />
          </Button>
        </>
      }
    >
      {remove.error ? (
        <p role="alert" className={s.detail}>
          {friendsErrorText(intl, remove.error)}
        </p>
      ) : null}
    </Dialog>
  );
}

/** Friends by username, with Duel and Remove (confirmed first). */
export function FriendList({ onDone }: { onDone: Done }) {
  const intl = useIntl();
  const date = useDate();
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<Friend | null>(null);
  const friends = useFriends({ page });
  let body: React.ReactNode;
  if (friends.isPending) body = <Loading />;
  else if (friends.isError) {
    body = <ListError error={friends.error} onRetry={() => friends.refetch()} />;
  } else if (friends.data.results.length === 0) {
    body = (
      <p className={s.muted}>
        <FormattedMessage id="friends.list.empty" />
      </p>
    );
  } else {
    body = (
      <>
        <ul className={s.list}>
          {friends.data.results.map((friend) => {
            const values = { username: friend.username };
            return (
              <li key={friend.friendship_id} className={s.row}>
                <PersonCell
                  person={friend}
                  detail={
                    <FormattedMessage
                      id="friends.since"
                      values={{ date: date(friend.friends_since) }}
                    />
                  }
                />
                <div className={s.rowActions}>
                  <Button
                    size="sm"
                    href={duelHref(friend.username)}
                    aria-label={intl.formatMessage({ id: 'friends.action.duelWith' }, values)}
                  >
                    <FormattedMessage id="friends.action.duel" />
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={intl.formatMessage({ id: 'friends.action.removeFriend' }, values)}
                    onClick={() => setRemoving(friend)}
                  >
                    <FormattedMessage id="friends.action.remove" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        <Pager
          page={page}
          pageSize={FRIENDS_PAGE_SIZE}
          count={friends.data.count}
          onPage={setPage}
        />
      </>
    );
  }
  return (
    <Section id="friends-list" titleId="friends.list.title" count={friends.data?.count}>
      {body}
      {removing ? (
        <RemoveFriendDialog friend={removing} onClose={() => setRemoving(null)} onDone={onDone} />
      ) : null}
    </Section>
  );
}
