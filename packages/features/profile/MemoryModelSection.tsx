import {
  DESIRED_RETENTION,
  type MemoryModel,
  useMemoryModel,
  useUpdateDesiredRetention,
} from '@memoria/api';
import { Button, Card, Skeleton, Snackbar, TextField } from '@memoria/ui';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import { useApiForm } from '../shared/useApiForm.ts';

const percent = (fraction: number) => Math.round(fraction * 100);

/** What the learner's model is: the defaults (and why) or their fitted parameters, with figures. */
function ModelStatus({ model }: { model: MemoryModel }) {
  const intl = useIntl();
  const loss = (value: number | null) =>
    intl.formatNumber(value ?? 0, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const figures = {
    date: model.fitted_at ? intl.formatDate(model.fitted_at, { dateStyle: 'medium' }) : '',
    reviews: model.fitted_reviews ?? 0,
    evaluated: model.evaluated_reviews ?? 0,
    logLoss: loss(model.log_loss),
    defaultLogLoss: loss(model.default_log_loss),
    count: model.reviews_count,
    min: model.min_reviews,
    refit: model.refit_after,
  };
  const lines: string[] = [];
  if (model.uses_fitted_parameters) {
    lines.push('profile.memory.fitted', 'profile.memory.evaluation');
  } else if (model.fit_outcome === 'kept_defaults') {
    lines.push('profile.memory.keptDefaults', 'profile.memory.evaluation');
  } else {
    lines.push('profile.memory.defaults');
  }
  if (model.fit_outcome === 'failed') lines.push('profile.memory.failed');
  if (model.fitting) lines.push('profile.memory.fitting');
  return (
    <div data-testid="memory-model-status" style={{ display: 'grid', gap: 4 }}>
      {lines.map((id) => (
        <p key={id} style={{ margin: 0 }}>
          <FormattedMessage id={id} values={figures} />
        </p>
      ))}
    </div>
  );
}

/**
 * The learner's memory model, a section of `Profile` on `/profile` (`ProfileIsland`): whether FSRS
 * schedules their reviews with parameters fitted from their own reviews (when, on how many, and the
 * held-out log loss against the defaults) or with the defaults and why, and the desired retention
 * they set (70–97 %), which decides how soon cards come back.
 *
 * **Use it** on the profile, where the learner tunes how their reviews are scheduled.
 * **Don't use it** for the progress figures (`MyProgress`) or for one deck's new-card settings (the
 * deck's Configure new cards dialog).
 *
 * **API calls and states.**
 * - `GET space-repetition/memory-model/`: a skeleton while it loads (`Loading`); fitted parameters,
 *   with the fit's date, reviews and log loss (`Fitted`); fewer reviews than a fit needs, so the
 *   defaults (`Defaults`); a fit that kept the defaults because they predicted better, while a new
 *   one runs (`KeptDefaults`); a failed read: its message with Retry (`LoadError`).
 * - Save: a value outside 70–97 is refused under the field before any call (`RetentionOutOfRange`);
 *   else `PUT space-repetition/memory-model/` with the retention as a fraction; the server's field
 *   error shows under the field, another failure above Save; success in a snackbar.
 *
 * **Accessibility.** A section headed "Memory model" (`h2`). The retention is a labelled number
 * field (arrow keys step by 1 between 70 and 97) with its hint and error linked to it
 * (`aria-describedby`, `aria-invalid`); it is a native form, so Enter saves. The model's status is
 * plain text, read in order; a failure is `role="alert"` and the saved snackbar `role="status"`.
 */
export function MemoryModelSection() {
  const intl = useIntl();
  const model = useMemoryModel();
  const update = useUpdateDesiredRetention();
  const [saved, setSaved] = useState(false);
  const form = useApiForm({
    initial: { desired_retention: '' },
    fields: ['desired_retention'],
    failedId: 'profile.memory.failed.save',
    bannerBesideFields: false,
    validate: ({ desired_retention: value }) => {
      const fraction = Number(value) / 100;
      const valid =
        value.trim() !== '' &&
        fraction >= DESIRED_RETENTION.min &&
        fraction <= DESIRED_RETENTION.max;
      return valid ? null : { fieldIds: { desired_retention: 'profile.memory.retentionRange' } };
    },
    submit: ({ desired_retention: value }) =>
      update.mutateAsync({ desiredRetention: Number(value) / 100 }),
    onSuccess: () => setSaved(true),
  });
  const { setValues } = form;
  useEffect(() => {
    if (model.data) setValues({ desired_retention: String(percent(model.data.desired_retention)) });
  }, [model.data, setValues]);

  let body: React.ReactNode;
  if (model.isPending) body = <Skeleton height={160} />;
  else if (model.isError) {
    body = (
      <LoadFailure
        retryId="profile.retry"
        messageId="profile.memory.loadFailed"
        onRetry={() => model.refetch()}
      />
    );
  } else {
    body = (
      <div style={{ display: 'grid', gap: 16 }}>
        <ModelStatus model={model.data} />
        <form onSubmit={form.onSubmit} noValidate style={{ display: 'grid', gap: 12 }}>
          <TextField
            label={intl.formatMessage({ id: 'profile.memory.retention' })}
            type="number"
            inputMode="numeric"
            min={percent(DESIRED_RETENTION.min)}
            max={percent(DESIRED_RETENTION.max)}
            step={1}
            helperText={intl.formatMessage({ id: 'profile.memory.retentionHelp' })}
            {...form.bind('desired_retention')}
          />
          {form.banner ? <p role="alert">{form.banner}</p> : null}
          <div>
            <Button type="submit" loading={form.pending}>
              <FormattedMessage id="profile.memory.save" />
            </Button>
          </div>
        </form>
      </div>
    );
  }
  return (
    <Card as="section" title={intl.formatMessage({ id: 'profile.memory.title' })} headingLevel={2}>
      {body}
      <Snackbar
        open={saved}
        severity="success"
        message={intl.formatMessage({ id: 'profile.memory.saved' })}
        onClose={() => setSaved(false)}
      />
    </Card>
  );
}
