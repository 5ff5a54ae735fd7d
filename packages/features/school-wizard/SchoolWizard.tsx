/** The school creation wizard: details, starter data, review, invitations, finish. */
import {
  type GroupKind,
  type School,
  type SchoolLocale,
  useAccountInfo,
  useCreateInvitation,
  useCreateSchoolDefaultData,
  useSchool,
  useSchoolGroups,
} from '@memoria/api';
import { Button, Card, EmptyState, Select, Skeleton, TextField } from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { invitationLink } from '../invitations/index.ts';
import { errorMessage } from '../shared/errors.ts';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import { StepHeading, StepList, useStepFocus } from '../shared/Steps.tsx';
import { useApiForm } from '../shared/useApiForm.ts';
import { EnrolPeople } from './EnrolPeople.tsx';
import { SchoolForm } from './SchoolForm.tsx';
import { SchoolStats } from './SchoolStats.tsx';
import * as s from './schools.css.ts';

export const WIZARD_STEPS = ['details', 'defaults', 'review', 'invite', 'finish'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function schoolHref(id: number): string {
  return `/schools/${id}`;
}

function Defaults({ school, onNext }: { school: School; onNext: () => void }) {
  const intl = useIntl();
  const [locale, setLocale] = useState<SchoolLocale>(intl.locale.startsWith('es') ? 'es' : 'en');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSchoolDefaultData();
  const onCreate = async () => {
    setError(null);
    try {
      const made = await create.mutateAsync({ id: school.id, locale });
      setNotice(
        intl.formatMessage(
          { id: 'schools.defaults.done' },
          { courses: made.courses_created, subjects: made.subjects_created },
        ),
      );
    } catch (failure) {
      setError(
        errorMessage(intl, failure, {
          overrides: { conflict: 'schools.defaults.exists' },
          fallbackId: 'schools.error.generic',
        }),
      );
    }
  };
  return (
    <div className={s.form}>
      <p className={s.notice}>
        <FormattedMessage id="schools.defaults.description" />
      </p>
      <Select
        label={<FormattedMessage id="schools.defaults.language" />}
        value={locale}
        onChange={(e) => setLocale(e.target.value as SchoolLocale)}
        options={(['en', 'es'] as const).map((value) => ({
          value,
          label: intl.formatMessage({ id: `schools.defaults.language.${value}` }),
        }))}
      />
      {notice ? (
        <p role="status" className={s.notice}>
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className={s.alert}>
          {error}
        </p>
      ) : null}
      <div className={s.actions}>
        {notice ? null : (
          <Button variant="secondary" onClick={onCreate} loading={create.isPending}>
            <FormattedMessage id="schools.defaults.create" />
          </Button>
        )}
        <Button onClick={onNext} variant={notice ? 'primary' : 'text'}>
          <FormattedMessage id={notice ? 'schools.action.next' : 'schools.action.skip'} />
        </Button>
      </div>
    </div>
  );
}

/** A school's courses or subjects as a plain list, with its empty state. */
export function GroupReview({ schoolId, kind }: { schoolId: number; kind: GroupKind }) {
  const groups = useSchoolGroups(schoolId, kind);
  return (
    <section className={s.section}>
      <h3 className={s.sectionTitle}>
        <FormattedMessage id={`schools.tabs.${kind}`} />
      </h3>
      {groups.isPending ? (
        <Skeleton variant="rect" height={80} />
      ) : groups.isError ? (
        <LoadFailure
          messageId="schools.error.load"
          retryId="schools.action.retry"
          onRetry={() => groups.refetch()}
        />
      ) : groups.data.length === 0 ? (
        <EmptyState
          compact
          headingLevel={4}
          title={<FormattedMessage id={`schools.${kind}.empty.title`} />}
          description={<FormattedMessage id={`schools.${kind}.empty.description`} />}
        />
      ) : (
        <ul className={s.rows}>
          {groups.data.map((g) => (
            <li key={g.id} className={s.row}>
              <span className={s.rowText}>
                <strong>{g.name}</strong>
                {g.description ? <span className={s.muted}>{g.description}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Invite({
  schoolId,
  onNext,
  origin,
}: {
  schoolId: number;
  onNext: () => void;
  origin: string | undefined;
}) {
  const intl = useIntl();
  const account = useAccountInfo();
  const canInviteTeachers = account.data?.account_type === 'enterprise_plus';
  const [links, setLinks] = useState<{ email: string; url: string }[]>([]);
  const invite = useCreateInvitation();
  const form = useApiForm({
    initial: { who: 'student' as 'student' | 'teacher', email: '' },
    fields: ['email'],
    failedId: 'schools.invite.failed',
    bannerBesideFields: false,
    // A student gets a teacher's invitation (Standard), a teacher the owner's (Enterprise).
    submit: ({ who, email }) =>
      invite.mutateAsync({
        kind: who === 'student' ? 'teacher' : 'enterprise',
        body: { email: email.trim() },
      }),
    onSuccess: (made, { email }) => {
      const url = invitationLink(made.code, origin);
      setLinks((l) => [...l, { email: made.email ?? email.trim(), url }]);
      form.setValue('email', '');
    },
  });
  return (
    <div className={s.form}>
      <p className={s.notice}>
        <FormattedMessage id="schools.invite.description" />
      </p>
      <form className={s.form} onSubmit={form.onSubmit} noValidate>
        {canInviteTeachers ? (
          <Select
            label={<FormattedMessage id="schools.invite.who" />}
            value={form.values.who}
            onChange={(e) => form.setValue('who', e.target.value as 'student' | 'teacher')}
            options={(['student', 'teacher'] as const).map((value) => ({
              value,
              label: intl.formatMessage({ id: `schools.invite.who.${value}` }),
            }))}
          />
        ) : null}
        <TextField
          label={<FormattedMessage id="schools.invite.email" />}
          type="email"
          autoComplete="off"
          maxLength={254}
          {...form.bind('email')}
        />
        {form.banner ? (
          <p role="alert" className={s.alert}>
            {form.banner}
          </p>
        ) : null}
        <div className={s.actions}>
          <Button type="submit" variant="secondary" loading={form.pending}>
            <FormattedMessage id="schools.invite.send" />
          </Button>
        </div>
      </form>
      {links.length > 0 ? (
        <ul className={s.rows} aria-live="polite">
          {links.map((l) => (
            <li key={l.url} className={s.rowText}>
              <span className={s.muted}>
                <FormattedMessage id="schools.invite.link" values={{ email: l.email }} />
              </span>
              <code className={s.link}>{l.url}</code>
            </li>
          ))}
        </ul>
      ) : null}
      <EnrolPeople schoolId={schoolId} audience="students" />
      {canInviteTeachers ? <EnrolPeople schoolId={schoolId} audience="teachers" /> : null}
      <div className={s.actions}>
        <Button onClick={onNext}>
          <FormattedMessage id="schools.action.next" />
        </Button>
      </div>
    </div>
  );
}

function Finish({ schoolId }: { schoolId: number }) {
  const school = useSchool(schoolId);
  if (school.isPending) return <Skeleton variant="rect" height={120} />;
  if (school.isError) {
    return (
      <LoadFailure
        messageId="schools.error.load"
        retryId="schools.action.retry"
        onRetry={() => school.refetch()}
      />
    );
  }
  return (
    <div className={s.form}>
      <h3 className={s.sectionTitle}>
        <FormattedMessage id="schools.finish.title" values={{ name: school.data.name }} />
      </h3>
      <p className={s.notice}>
        <FormattedMessage id="schools.finish.description" />
      </p>
      <SchoolStats school={school.data} />
      <div className={s.actions}>
        <Button href={schoolHref(school.data.id)}>
          <FormattedMessage id="schools.finish.manage" />
        </Button>
      </div>
    </div>
  );
}

/**
 * The school wizard, mounted by `SchoolsIsland` (`/schools`): five steps, one at a time, with Back
 * between them once the school exists.
 *
 * **Use it** to create a school, or to edit one from `SchoolManager`'s Edit school, step by step.
 * **Don't use it** for the school's day-to-day courses and members (`SchoolManager`) or for a
 * learner's own courses (`AssignedGroups`).
 *
 * **API calls and states.**
 * - Details (`SchoolForm`): `POST /auth/schools/` (or `PUT /auth/schools/{id}/` when editing);
 *   field errors under their fields (`DetailsInvalid`).
 * - Starter data: `POST /auth/schools/{id}/create_default_data/` in the chosen language; the counts
 *   created (`DefaultsCreated`), or a 409 when the school already has some (`DefaultsExist`); Skip
 *   moves on.
 * - Review: `GET /auth/schools/{id}/courses/` and `subjects/` with their empty states
 *   (`ReviewEmpty`, `Review`).
 * - Invite: `POST /auth/teacher-invitations/` (students) or, for Enterprise+,
 *   `POST /auth/enterprise-invitations/` (teachers); each link shows under the form (`Invite`).
 *   Below, `EnrolPeople` enrolls the students who accepted earlier invitations (and, for
 *   Enterprise+, the teachers) in the school's courses and subjects (`InviteEnterprisePlus`).
 * - Finish: `GET /auth/schools/{id}/` with its statistics and the link to manage courses and
 *   subjects (`Finish`).
 *
 * **Accessibility.** A section headed "New school" (or "Edit school", `h2`), then the numbered
 * step list ("School setup steps"), which marks the current step (`aria-current="step"`) and says
 * which are completed, and the step's heading (`h3`, "Step 2 of 5: Starter data"). Next, Skip,
 * Back and saving the details change the step in place and move the focus to the new step's
 * heading, so it is announced and Tab goes on into the step (the same steps as
 * `InvitationRegistration`). Each step's form has real labels with errors linked to their fields,
 * and Enter in a field submits it; the invitation links are a polite live region, other results
 * `role="status"`, failures `role="alert"`.
 */
export function SchoolWizard({
  school: editing,
  initialStep = 'details',
  onCancel,
  origin,
}: {
  /** A school to edit; the wizard creates one when absent. */
  school?: School;
  /** The step to open on (stories; a school is needed past the first). */
  initialStep?: WizardStep;
  /** Shows Cancel on the first step. */
  onCancel?: () => void;
  /** The invitation links' origin; default: the page's own (stories fix it for stable screenshots). */
  origin?: string;
}) {
  const intl = useIntl();
  const [step, setStep] = useState<WizardStep>(initialStep);
  const [school, setSchool] = useState<School | undefined>(editing);
  const { headingRef, moving } = useStepFocus(step);
  const index = WIZARD_STEPS.indexOf(step);
  const goTo = (next: WizardStep) => {
    moving();
    setStep(next);
  };
  const go = (delta: number) => goTo(WIZARD_STEPS[index + delta] ?? step);
  const stepName = intl.formatMessage({ id: `schools.wizard.step.${step}` });

  return (
    <Card
      as="section"
      title={
        <FormattedMessage id={editing ? 'schools.wizard.editTitle' : 'schools.wizard.title'} />
      }
      headingLevel={2}
    >
      <div className={s.form}>
        <StepList
          steps={WIZARD_STEPS.map((key) => ({
            key,
            name: <FormattedMessage id={`schools.wizard.step.${key}`} />,
          }))}
          current={index}
          label={intl.formatMessage({ id: 'schools.wizard.steps' })}
          doneText={<FormattedMessage id="schools.wizard.stepDone" />}
        />
        <StepHeading level={3} headingRef={headingRef}>
          <FormattedMessage
            id="schools.wizard.progress"
            values={{ step: index + 1, total: WIZARD_STEPS.length, name: stepName }}
          />
        </StepHeading>
        {step === 'details' || !school ? (
          <SchoolForm
            school={school}
            onCancel={onCancel}
            onSaved={(saved) => {
              setSchool(saved);
              goTo('defaults');
            }}
          />
        ) : step === 'defaults' ? (
          <Defaults school={school} onNext={() => go(1)} />
        ) : step === 'review' ? (
          <>
            <GroupReview schoolId={school.id} kind="courses" />
            <GroupReview schoolId={school.id} kind="subjects" />
            <div className={s.actions}>
              <Button onClick={() => go(1)}>
                <FormattedMessage id="schools.action.next" />
              </Button>
            </div>
          </>
        ) : step === 'invite' ? (
          <Invite schoolId={school.id} onNext={() => go(1)} origin={origin} />
        ) : (
          <Finish schoolId={school.id} />
        )}
        {index > 0 && school ? (
          <div className={s.actions}>
            <Button variant="text" onClick={() => go(-1)}>
              <FormattedMessage id="schools.action.back" />
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
