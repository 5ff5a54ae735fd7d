/** Pieces every friends list shares: the person's row start, a failed list, the pager, errors. */
import { Button, ErrorState } from '@memoria/ui';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { type ErrorCodeMessages, errorMessage } from '../shared/errors.ts';
import * as s from './friends.css.ts';

/** The duel set-up route of the spec (`/multiple-duels`, gated by the `duels` feature). */
export function duelHref(username: string): string {
  return `/multiple-duels?opponent=${encodeURIComponent(username)}`;
}

/** How the friends screens word a failed call. */
export const FRIEND_ERRORS: ErrorCodeMessages = {
  not_found: 'friends.add.notFound',
  conflict: 'friends.add.conflict',
};

export function friendsErrorText(intl: IntlShape, error: unknown): string {
  return errorMessage(intl, error, {
    overrides: FRIEND_ERRORS,
    fallbackId: 'friends.error.action',
  });
}

export interface PersonLike {
  username: string;
  first_name: string;
  last_name: string;
  email?: string | null;
}

/** Avatar, username, and the full name or email underneath when known. */
export function PersonCell({ person, detail }: { person: PersonLike; detail?: React.ReactNode }) {
  const fullName = `${person.first_name} ${person.last_name}`.trim();
  const second = [fullName, person.email].filter(Boolean).join(' · ');
  return (
    <div className={s.person}>
      <span className={s.avatar} aria-hidden="true">
        {(person.first_name || person.username).slice(0, 1)}
      </span>
      <span className={s.names}>
        <span className={s.username}>{person.username}</span>
        {second ? <span className={s.detail}>{second}</span> : null}
        {detail ? <span className={s.detail}>{detail}</span> : null}
      </span>
    </div>
  );
}

export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <ErrorState
      title={<FormattedMessage id="friends.error.load" />}
      description={errorMessage(intl, error, { fallbackId: 'friends.error.load' })}
      retryLabel={<FormattedMessage id="friends.action.retry" />}
      onRetry={onRetry}
    />
  );
}

/** Previous / Next under a list longer than one page. */
export function Pager({
  page,
  pageSize,
  count,
  onPage,
}: {
  page: number;
  pageSize: number;
  count: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1) return null;
  return (
    <div className={s.pager}>
      <span className={s.muted}>
        <FormattedMessage id="friends.page" values={{ page, pages }} />
      </span>
      <Button variant="text" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <FormattedMessage id="friends.action.previous" />
      </Button>
      <Button variant="text" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <FormattedMessage id="friends.action.next" />
      </Button>
    </div>
  );
}
