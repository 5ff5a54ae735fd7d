import { useMe, useUpdateAccount } from '@memoria/api';
import { Button, Card, Skeleton, Snackbar, TextField } from '@memoria/ui';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import { useApiForm } from '../shared/useApiForm.ts';

const FIELDS = ['username', 'first_name', 'last_name'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** Account details: the email, and the name and username the learner may edit. */
export function AccountSection() {
  const intl = useIntl();
  const me = useMe();
  const update = useUpdateAccount();
  const [saved, setSaved] = useState(false);
  const form = useApiForm({
    initial: { username: '', first_name: '', last_name: '' } as Values,
    fields: FIELDS,
    failedId: 'profile.account.failed',
    bannerBesideFields: false,
    submit: (values) => {
      if (!me.data) return Promise.resolve(null);
      return update.mutateAsync({ id: me.data.id, body: values });
    },
    onSuccess: (account) => {
      if (account) setSaved(true);
    },
  });
  const { setValues } = form;
  useEffect(() => {
    if (me.data) {
      const { username, first_name, last_name } = me.data;
      setValues({ username, first_name, last_name });
    }
  }, [me.data, setValues]);
  const field = (name: keyof Values, labelId: string, autoComplete: string) => (
    <TextField
      label={intl.formatMessage({ id: labelId })}
      autoComplete={autoComplete}
      {...form.bind(name)}
    />
  );

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
      <form onSubmit={form.onSubmit} noValidate style={{ display: 'grid', gap: 12 }}>
        <TextField
          label={intl.formatMessage({ id: 'profile.account.email' })}
          value={me.data.email}
          readOnly
        />
        {field('username', 'profile.account.username', 'username')}
        {field('first_name', 'profile.account.firstName', 'given-name')}
        {field('last_name', 'profile.account.lastName', 'family-name')}
        {form.banner ? <p role="alert">{form.banner}</p> : null}
        <div>
          <Button type="submit" loading={form.pending}>
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
