import { useMe, useUpdateAccount } from '@memoria/api';
import { Button, Card, Skeleton, Snackbar, TextField } from '@memoria/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formErrors } from '../shared/errors.ts';
import { LoadFailure } from '../shared/LoadFailure.tsx';

const FIELDS = ['username', 'first_name', 'last_name'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** Account details: the email, and the name and username the learner may edit. */
export function AccountSection() {
  const intl = useIntl();
  const me = useMe();
  const update = useUpdateAccount();
  const [values, setValues] = useState<Values>({ username: '', first_name: '', last_name: '' });
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (me.data) {
      const { username, first_name, last_name } = me.data;
      setValues({ username, first_name, last_name });
    }
  }, [me.data]);
  const errors = update.error
    ? formErrors(intl, update.error, FIELDS, 'profile.account.failed')
    : null;
  const field = (name: keyof Values, labelId: string, autoComplete: string) => (
    <TextField
      label={intl.formatMessage({ id: labelId })}
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      error={errors?.fields[name]}
      onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
    />
  );
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!me.data) return;
    update.mutate({ id: me.data.id, body: values }, { onSuccess: () => setSaved(true) });
  };

  let body: React.ReactNode;
  if (me.isPending) body = <Skeleton height={160} />;
  else if (me.isError) {
    body = (
      <LoadFailure
        retryId="profile.retry"
        messageId="profile.account.loadFailed"
        onRetry={() => me.refetch()}
      />
    );
  } else {
    body = (
      <form onSubmit={save} noValidate style={{ display: 'grid', gap: 12 }}>
        <TextField
          label={intl.formatMessage({ id: 'profile.account.email' })}
          value={me.data.email}
          readOnly
        />
        {field('username', 'profile.account.username', 'username')}
        {field('first_name', 'profile.account.firstName', 'given-name')}
        {field('last_name', 'profile.account.lastName', 'family-name')}
        {errors && Object.keys(errors.fields).length === 0 ? (
          <p role="alert">{errors.banner}</p>
        ) : null}
        <div>
          <Button type="submit" loading={update.isPending}>
            <FormattedMessage id="profile.account.save" />
          </Button>
        </div>
      </form>
    );
  }
  return (
    <Card as="section" title={intl.formatMessage({ id: 'profile.account.title' })} headingLevel={2}>
      {body}
      <Snackbar
        open={saved}
        severity="success"
        message={intl.formatMessage({ id: 'profile.account.saved' })}
        onClose={() => setSaved(false)}
      />
    </Card>
  );
}
