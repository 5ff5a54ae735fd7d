/**
 * The add-friend box: results as you type (300 ms after the last key), each with what can be done
 * with that person; Enter sends a request to the exact username or email typed. Arrow keys move
 * from the field through the results' buttons, Escape goes back to the field.
 */
import {
  FRIEND_SEARCH_DEBOUNCE_MS,
  type UserSearchResult,
  useAnswerFriendRequest,
  useSendFriendRequest,
  useUserSearch,
} from '@memoria/api';
import { Button, Chip, TextField } from '@memoria/ui';
import { type KeyboardEvent, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useApiForm } from '../shared/useApiForm.ts';
import { useDebounced } from '../shared/useDebounced.ts';
import * as s from './friends.css.ts';
import { FRIEND_ERRORS, friendsErrorText, PersonCell } from './shared.tsx';

/** What the typed text names: an email when it has an @, else a username. */
function requestBody(text: string) {
  return text.includes('@') ? { email: text } : { username: text };
}

function ResultAction({
  user,
  onDone,
}: {
  user: UserSearchResult;
  onDone: (message: string) => void;
}) {
  const intl = useIntl();
  const values = { username: user.username };
  const send = useSendFriendRequest({
    onSuccess: () => onDone(intl.formatMessage({ id: 'friends.add.sent' }, values)),
  });
  const answer = useAnswerFriendRequest({
    onSuccess: () => onDone(intl.formatMessage({ id: 'friends.done.accepted' }, values)),
  });
  const failed = send.error ?? answer.error;
  if (user.relation === 'friend') {
    return <Chip label={intl.formatMessage({ id: 'friends.relation.friend' })} color="default" />;
  }
  if (user.relation === 'request_sent') {
    return (
      <Chip label={intl.formatMessage({ id: 'friends.relation.requestSent' })} color="default" />
    );
  }
  const isReceived = user.relation === 'request_received' && user.friendship_id !== null;
  return (
    <>
      {failed ? (
        <span className={s.detail} role="alert">
          {friendsErrorText(intl, failed)}
        </span>
      ) : null}
      <Button
        size="sm"
        data-result-action=""
        loading={send.isPending || answer.isPending}
        aria-label={intl.formatMessage(
          { id: isReceived ? 'friends.action.acceptFrom' : 'friends.action.addUser' },
          values,
        )}
        onClick={() => {
          if (isReceived && user.friendship_id !== null) {
            answer.mutate({ id: user.friendship_id, action: 'accept' });
          } else {
            send.mutate({ username: user.username });
          }
        }}
      >
        <FormattedMessage id={isReceived ? 'friends.action.accept' : 'friends.action.add'} />
      </Button>
    </>
  );
}

export function AddFriend({ onDone }: { onDone: (message: string) => void }) {
  const intl = useIntl();
  const send = useSendFriendRequest();
  const form = useApiForm({
    initial: { text: '' },
    fields: ['text'],
    failedId: 'friends.error.action',
    errorUnder: 'text',
    errorOverrides: FRIEND_ERRORS,
    clearErrorsOnChange: true,
    submit: ({ text }) => send.mutateAsync(requestBody(text.trim())),
    onSuccess: (friendship) => {
      const values = { username: friendship.friend.username };
      onDone(
        intl.formatMessage(
          {
            id:
              friendship.status === 'accepted' ? 'friends.add.acceptedTheirs' : 'friends.add.sent',
          },
          values,
        ),
      );
      form.setValue('text', '');
    },
  });
  const text = form.values.text;
  const query = useDebounced(text.trim(), FRIEND_SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(query);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const statusId = useId();
  const results = query ? (search.data ?? []) : [];

  const buttons = () =>
    Array.from(list.current?.querySelectorAll<HTMLElement>('[data-result-action]') ?? []);
  const move = (from: HTMLElement | null, step: 1 | -1) => {
    const all = buttons();
    const at = from ? all.indexOf(from) : -1;
    const next = at + step;
    if (next < 0) input.current?.focus();
    else all[Math.min(next, all.length - 1)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const inField = target === input.current;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(inField ? null : target, 1);
    } else if (event.key === 'ArrowUp' && !inField) {
      event.preventDefault();
      move(target, -1);
    } else if (event.key === 'Escape' && !inField) {
      event.preventDefault();
      input.current?.focus();
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (text.trim()) void form.onSubmit();
  };

  let status: React.ReactNode = null;
  if (query && search.isError) status = <FormattedMessage id="friends.add.searchFailed" />;
  else if (query && search.isPending) status = <FormattedMessage id="friends.add.searching" />;
  else if (query && results.length === 0) status = <FormattedMessage id="friends.add.noResults" />;
  else if (query) {
    status = <FormattedMessage id="friends.add.results" values={{ count: results.length }} />;
  }

  return (
    <section className={s.section} aria-labelledby="friends-add" onKeyDown={onKeyDown}>
      <h2 className={s.sectionTitle} id="friends-add">
        <FormattedMessage id="friends.add.title" />
      </h2>
      <form className={s.addForm} onSubmit={submit} noValidate>
        <TextField
          ref={input}
          className={s.addField}
          label={<FormattedMessage id="friends.add.label" />}
          placeholder={intl.formatMessage({ id: 'friends.add.placeholder' })}
          helperText={<FormattedMessage id="friends.add.hint" />}
          {...form.bind('text')}
          maxLength={254}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={statusId}
        />
        <Button type="submit" loading={form.pending} disabled={!text.trim()}>
          <FormattedMessage id="friends.add.send" />
        </Button>
      </form>
      <p id={statusId} className={s.muted} aria-live="polite">
        {status}
      </p>
      {results.length > 0 ? (
        <ul className={s.list} ref={list}>
          {results.map((user) => (
            <li key={user.id} className={s.row}>
              <PersonCell
                person={user}
                detail={
                  user.relation === 'request_received' ? (
                    <FormattedMessage id="friends.relation.requestReceived" />
                  ) : undefined
                }
              />
              <div className={s.rowActions}>
                <ResultAction user={user} onDone={onDone} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
