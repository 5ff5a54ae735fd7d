import {
  type Invitation,
  type InvitationKind,
  useCreateInvitation,
  useInvitations,
  useRevokeInvitation,
} from '@memoria/api';
import { Button, Card, Chip, Dialog, Skeleton, Snackbar, TextField } from '@memoria/ui';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import { useApiForm } from '../shared/useApiForm.ts';
import * as s from './invitations.css.ts';

/** The page an invitation's link opens (product-spec §2: `/invitation/{code}`). */
export function invitationLink(code: string, origin = globalThis.location?.origin ?? ''): string {
  return `${origin}/invitation/${encodeURIComponent(code)}`;
}

type Notice = 'created' | 'copied' | 'copyFailed' | 'revoked' | 'revokeFailed' | null;

function InvitationRow({
  invitation,
  origin,
  onCopy,
  onRevoke,
}: {
  invitation: Invitation;
  origin: string | undefined;
  onCopy: (link: string) => void;
  onRevoke: () => void;
}) {
  const intl = useIntl();
  const link = invitationLink(invitation.code, origin);
  const pending = invitation.status === 'pending';
  return (
    <li className={s.row}>
      <div className={s.rowHead}>
        <Chip
          label={intl.formatMessage({ id: `invitations.status.${invitation.status}` })}
          color={pending ? 'primary' : 'default'}
        />
        <span className={s.muted}>
          {invitation.email ? (
            <FormattedMessage id="invitations.for" values={{ email: invitation.email }} />
          ) : (
            <FormattedMessage id="invitations.anyone" />
          )}
        </span>
      </div>
      {pending ? (
        <TextField
          label={intl.formatMessage({ id: 'invitations.link' })}
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
      <p className={s.muted}>
        {invitation.used_by ? (
          <FormattedMessage
            id="invitations.usedBy"
            values={{ name: invitation.used_by.username }}
          />
        ) : (
          <FormattedMessage
            id="invitations.expires"
            values={{
              date: <FormattedDate value={invitation.expires_at} dateStyle="medium" />,
            }}
          />
        )}
      </p>
      <div className={s.actions}>
        {pending ? (
          <Button size="sm" variant="secondary" onClick={() => onCopy(link)}>
            <FormattedMessage id="invitations.copy" />
          </Button>
        ) : null}
        <Button size="sm" variant="text" onClick={onRevoke}>
          <FormattedMessage id="invitations.revoke" />
        </Button>
      </div>
    </li>
  );
}

/**
 * One kind of invitation on `/profile` (mounted by `ProfileIsland` through
 * `InvitationSections`): `enterprise` for Enterprise+ owners inviting teachers, `teacher` for
 * Enterprise accounts inviting students.
 *
 * **API calls and states**
 * - `GET auth/enterprise-invitations/` or `auth/teacher-invitations/`: a skeleton while pending,
 *   the error with Retry on failure (`LoadFailed`), "No invitations yet" when empty (`Empty`), else
 *   each invitation with its status (pending, used, expired), address, expiry or who used it
 *   (`WithInvitations`).
 * - Create: `POST` on the same path with an optional email; a 400 shows under the email field.
 * - Copy link writes `/invitation/{code}` to the clipboard; Revoke asks first, then `DELETE …/{id}/`.
 *
 * **Accessibility.** A headed section; the link is a read-only field that selects itself on
 * focus; the revoke confirmation is a modal dialog; results are announced by a snackbar.
 */
export function InvitationManager({
  kind,
  origin,
}: {
  /** `enterprise` (Enterprise+ owners invite teachers) or `teacher` (invite students). */
  kind: InvitationKind;
  /** The links' origin; default: the page's own. */
  origin?: string | undefined;
}) {
  const intl = useIntl();
  const list = useInvitations(kind);
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const [notice, setNotice] = useState<Notice>(null);
  const [revoking, setRevoking] = useState<number | null>(null);
  const form = useApiForm({
    initial: { email: '' },
    fields: ['email'],
    failedId: 'invitations.createFailed',
    bannerBesideFields: false,
    submit: ({ email }) =>
      create.mutateAsync({ kind, body: email.trim() ? { email: email.trim() } : {} }),
    onSuccess: () => {
      form.setValue('email', '');
      setNotice('created');
    },
  });
  const copy = (link: string) => {
    // No clipboard API outside secure contexts (plain http on another host): say so.
    const written = navigator.clipboard?.writeText(link) ?? Promise.reject();
    written.then(
      () => setNotice('copied'),
      () => setNotice('copyFailed'),
    );
  };

  let body: React.ReactNode;
  if (list.isPending) body = <Skeleton height={120} />;
  else if (list.isError) {
    body = (
      <LoadFailure
        messageId="invitations.loadFailed"
        retryId="invitations.retry"
        onRetry={() => list.refetch()}
      />
    );
  } else if (list.data.length === 0) {
    body = (
      <p className={s.muted}>
        <FormattedMessage id="invitations.empty" />
      </p>
    );
  } else {
    body = (
      <ul className={s.list}>
        {list.data.map((invitation) => (
          <InvitationRow
            key={invitation.id}
            invitation={invitation}
            origin={origin}
            onCopy={copy}
            onRevoke={() => setRevoking(invitation.id)}
          />
        ))}
      </ul>
    );
  }

  return (
    <Card
      as="section"
      title={intl.formatMessage({ id: `invitations.${kind}.title` })}
      headingLevel={2}
    >
      <p className={s.muted}>
        <FormattedMessage id={`invitations.${kind}.description`} />
      </p>
      <form className={s.form} onSubmit={form.onSubmit} noValidate>
        <TextField
          label={intl.formatMessage({ id: 'invitations.email' })}
          type="email"
          autoComplete="off"
          helperText={intl.formatMessage({ id: 'invitations.emailHelp' })}
          {...form.bind('email')}
        />
        {form.banner ? <p role="alert">{form.banner}</p> : null}
        <div>
          <Button type="submit" loading={form.pending}>
            <FormattedMessage id="invitations.create" />
          </Button>
        </div>
      </form>
      {body}
      <Dialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={intl.formatMessage({ id: 'invitations.revokeTitle' })}
        description={intl.formatMessage({ id: 'invitations.revokeBody' })}
        size="sm"
        actions={
          <>
            <Button variant="text" onClick={() => setRevoking(null)} disabled={revoke.isPending}>
              <FormattedMessage id="invitations.cancel" />
            </Button>
            <Button
              loading={revoke.isPending}
              onClick={() => {
                if (revoking === null) return;
                revoke.mutate(
                  { kind, id: revoking },
                  {
                    onSuccess: () => setNotice('revoked'),
                    onError: () => setNotice('revokeFailed'),
                    onSettled: () => setRevoking(null),
                  },
                );
              }}
            >
              <FormattedMessage id="invitations.revokeConfirm" />
            </Button>
          </>
        }
      />
      <Snackbar
        open={notice !== null}
        severity={notice === 'copyFailed' || notice === 'revokeFailed' ? 'error' : 'success'}
        message={notice ? <FormattedMessage id={`invitations.${notice}`} /> : null}
        onClose={() => setNotice(null)}
      />
    </Card>
  );
}
