/** `/schools`: the Enterprise account's schools, or the wizard to create one. */
import { managesSchools, useAccountInfo, useSchools } from '@memoria/api';
import { Button, Card, EmptyState, PlusIcon, Skeleton, VisuallyHidden } from '@memoria/ui';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import * as page from '../shared/page.css.ts';
import { SchoolStats } from './SchoolStats.tsx';
import { SchoolWizard, schoolHref } from './SchoolWizard.tsx';
import * as s from './schools.css.ts';

/**
 * The schools page, mounted by `SchoolsIsland` on `/schools`: the caller's schools with their
 * statistics and a Manage link each, and Create a school, which opens `SchoolWizard`.
 *
 * **Use it** for the list of an Enterprise or Enterprise+ account's schools. **Don't use it** for
 * one school's courses, subjects and people (`SchoolManager`) or for a learner's own courses
 * (`AssignedGroups`).
 *
 * **API calls and states.**
 * - `GET /auth/users/account_info/`: accounts below Enterprise see what the plan offers and a link
 *   to the plans (`Gated`); while it loads, the skeleton (`Loading`).
 * - `GET /auth/schools/`: skeleton (`Loading`), an alert with Retry (`LoadError`), the empty state
 *   with Create a school (`Empty`), or the list (`WithSchools`). Create a school shows the wizard
 *   (`Wizard`).
 *
 * **Accessibility.** "Schools" is the page's `h1` and each school's name an `h2`; its statistics
 * are a list named by their label. Every school's Manage link has the school's name in its
 * accessible name (visually hidden after "Manage"). A load failure is `role="alert"` with Retry;
 * Create a school moves the page to the wizard in place.
 */
export function SchoolList() {
  const intl = useIntl();
  const account = useAccountInfo();
  const manages = managesSchools(account.data?.account_type);
  const schools = useSchools({ enabled: manages });
  const [creating, setCreating] = useState(false);

  const heading = (
    <header className={s.header}>
      <div className={s.rowText}>
        <h1 className={page.pageTitle}>
          <FormattedMessage id="schools.pageTitle" />
        </h1>
        <p className={page.pageSubtitle}>
          <FormattedMessage id="schools.subtitle" />
        </p>
      </div>
      {manages && !creating && schools.data && schools.data.length > 0 ? (
        <Button onClick={() => setCreating(true)}>
          <PlusIcon /> <FormattedMessage id="schools.action.create" />
        </Button>
      ) : null}
    </header>
  );

  let body: ReactNode;
  if (account.isPending || (manages && schools.isPending)) {
    body = (
      <Skeleton variant="rect" height={160} label={intl.formatMessage({ id: 'schools.loading' })} />
    );
  } else if (account.isError) {
    body = (
      <LoadFailure
        messageId="schools.error.load"
        retryId="schools.action.retry"
        onRetry={() => account.refetch()}
      />
    );
  } else if (!manages) {
    body = (
      <EmptyState
        title={<FormattedMessage id="schools.gated.title" />}
        description={<FormattedMessage id="schools.gated.description" />}
        action={
          <Button href="/pricing">
            <FormattedMessage id="schools.gated.action" />
          </Button>
        }
      />
    );
  } else if (creating) {
    body = <SchoolWizard onCancel={() => setCreating(false)} />;
  } else if (schools.isError) {
    body = (
      <LoadFailure
        messageId="schools.error.load"
        retryId="schools.action.retry"
        onRetry={() => schools.refetch()}
      />
    );
  } else if (!schools.data || schools.data.length === 0) {
    body = (
      <EmptyState
        title={<FormattedMessage id="schools.empty.title" />}
        description={<FormattedMessage id="schools.empty.description" />}
        action={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon /> <FormattedMessage id="schools.action.create" />
          </Button>
        }
      />
    );
  } else {
    body = (
      <ul className={s.list}>
        {schools.data.map((school) => (
          <li key={school.id}>
            <Card
              as="div"
              title={school.name}
              headingLevel={2}
              subtitle={school.address || undefined}
              footer={
                <Button href={schoolHref(school.id)} size="sm">
                  <FormattedMessage id="schools.action.manage" />
                  <VisuallyHidden> {school.name}</VisuallyHidden>
                </Button>
              }
            >
              <SchoolStats school={school} />
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={page.appPage}>
      {heading}
      {body}
    </div>
  );
}
