/** The school's details form (create or edit), used by the wizard's first step. */
import { SCHOOL_LIMITS, type School, useSaveSchool } from '@memoria/api';
import { Button, TextField } from '@memoria/ui';
import { FormattedMessage } from 'react-intl';
import { useApiForm } from '../shared/useApiForm.ts';
import * as s from './schools.css.ts';

const FIELDS = ['name', 'address', 'phone', 'email', 'website'] as const;
type Field = (typeof FIELDS)[number];

function initial(school?: School): Record<Field, string> {
  return {
    name: school?.name ?? '',
    address: school?.address ?? '',
    phone: school?.phone ?? '',
    email: school?.email ?? '',
    website: school?.website ?? '',
  };
}

/**
 * Create a school (no `school`) or replace its details, mounted by `SchoolsIsland` through
 * `SchoolWizard`. A blank name is caught here; the server checks the email and website and its
 * messages show under their fields (`POST /auth/schools/` or `PUT /auth/schools/{id}/`).
 *
 * **Accessibility.** Each field has its label; an error is linked to its field and the banner is
 * `role="alert"`.
 */
export function SchoolForm({
  school,
  onSaved,
  onCancel,
}: {
  /** The school to edit; a new one when absent. */
  school?: School;
  /** Called with the saved school. */
  onSaved: (school: School) => void;
  /** Shows a Cancel button when given. */
  onCancel?: () => void;
}) {
  const save = useSaveSchool();
  const form = useApiForm({
    initial: () => initial(school),
    fields: FIELDS,
    failedId: 'schools.error.failed',
    validate: (values) =>
      values.name.trim() ? null : { fieldIds: { name: 'schools.field.nameRequired' } },
    submit: (values) => save.mutateAsync({ id: school?.id, body: values }),
    onSuccess: onSaved,
  });

  const field = (name: Field, type = 'text', hintId?: string) => (
    <TextField
      key={name}
      label={<FormattedMessage id={`schools.field.${name}`} />}
      type={type}
      maxLength={SCHOOL_LIMITS[name]}
      required={name === 'name'}
      autoComplete="off"
      helperText={hintId ? <FormattedMessage id={hintId} /> : undefined}
      {...form.bind(name)}
    />
  );

  return (
    <form className={s.form} onSubmit={form.onSubmit} noValidate>
      {form.banner ? (
        <p role="alert" className={s.alert}>
          {form.banner}
        </p>
      ) : null}
      {field('name')}
      {field('address')}
      {field('phone', 'tel')}
      {field('email', 'email')}
      {field('website', 'url', 'schools.field.websiteHint')}
      <div className={s.actions}>
        {onCancel ? (
          <Button variant="text" onClick={onCancel}>
            <FormattedMessage id="schools.action.cancel" />
          </Button>
        ) : null}
        <Button type="submit" loading={form.pending}>
          <FormattedMessage id={school ? 'schools.action.save' : 'schools.action.next'} />
        </Button>
      </div>
    </form>
  );
}
