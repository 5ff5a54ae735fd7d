/**
 * The deck's options (issue 43): which preset the learner's reviews of this deck follow (choose,
 * assign), and the chosen preset's settings: limits, steps, retention, orders, burying, leeches,
 * easy days. New preset, rename (its name field), delete (the default preset is refused: 409).
 */
import {
  isApiRequestError,
  type Preset,
  useAssignDeckPreset,
  useCreatePreset,
  useDeckPreset,
  useDeletePreset,
  usePresets,
  useUpdatePreset,
} from '@memoria/api';
import { Button, Dialog, Select, Skeleton, TextField } from '@memoria/ui';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import { useApiForm } from '../shared/useApiForm.ts';
import { FormError } from './DeckDialogs.tsx';
import * as s from './decks.css.ts';
import { errorText } from './errors.ts';
import {
  notNumbers,
  type PresetValues,
  presetValues,
  presetWrite,
  WEEKDAYS,
} from './presetForm.ts';

export interface DeckOptionsDialogProps {
  /** The deck whose preset is shown and assigned. */
  deckId: number;
  /** Whether the dialog shows. */
  open: boolean;
  /** Called on Close and Escape. */
  onClose: () => void;
}

/**
 * The deck's options: which of the learner's presets the deck uses, and the chosen preset's
 * settings (daily limits, steps, retention, orders, burying, leeches, easy days).
 *
 * **Use it** from the deck page's Options button. **Don't use it** for the deck's name or sharing
 * (the deck dialogs) or for planning the workload (the Plan dialog).
 *
 * **Accessibility.** A dialog of labelled fields; a server error shows under its field and is
 * announced; the preset select says which preset this deck uses.
 *
 * **API calls and states.** `GET presets/` and `GET desks/{id}/preset/` (`Default`);
 * `PUT desks/{id}/preset/` assigns; `POST presets/`, `PUT presets/{id}/` and `DELETE presets/{id}/`
 * create, save and delete; deleting the default preset answers 409 and the dialog says so.
 */
export function DeckOptionsDialog({ deckId, open, onClose }: DeckOptionsDialogProps) {
  const intl = useIntl();
  const presets = usePresets({ enabled: open });
  const deckPreset = useDeckPreset(deckId, { enabled: open });
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const assign = useAssignDeckPreset();
  const create = useCreatePreset();
  const remove = useDeletePreset();

  const list = presets.data;
  const usedId = deckPreset.data?.id;
  const shownId = chosenId ?? usedId;
  const chosen = list?.find((preset) => preset.id === shownId);

  const act = async (run: () => Promise<unknown>, doneId: string) => {
    setNotice(null);
    try {
      await run();
      setNotice(intl.formatMessage({ id: doneId }));
    } catch (failure) {
      const isDefault =
        isApiRequestError(failure) && failure.code === 'conflict' && chosen?.is_default;
      setNotice(
        isDefault
          ? intl.formatMessage({ id: 'decks.options.defaultNotDeleted' })
          : errorText(intl, failure),
      );
    }
  };

  let body: ReactNode;
  if (presets.isError || deckPreset.isError) {
    body = (
      <LoadFailure
        messageId="decks.options.loadFailed"
        retryId="decks.action.retry"
        onRetry={() => {
          void presets.refetch();
          void deckPreset.refetch();
        }}
      />
    );
  } else if (!list || !chosen) {
    body = (
      <Skeleton
        variant="rect"
        height={240}
        label={intl.formatMessage({ id: 'decks.options.loading' })}
      />
    );
  } else {
    body = (
      <div className={s.form}>
        <div className={s.form}>
          <Select
            label={intl.formatMessage({ id: 'decks.options.preset' })}
            value={String(chosen.id)}
            options={list.map((preset) => ({
              value: String(preset.id),
              label:
                preset.id === usedId
                  ? intl.formatMessage({ id: 'decks.options.inUse' }, { name: preset.name })
                  : preset.name,
            }))}
            onChange={(event) => {
              setNotice(null);
              setChosenId(Number(event.target.value));
            }}
          />
          <div className={s.actions}>
            <Button
              size="sm"
              disabled={chosen.id === usedId}
              loading={assign.isPending}
              onClick={() =>
                act(
                  () => assign.mutateAsync({ deckId, presetId: chosen.id }),
                  'decks.options.assigned',
                )
              }
            >
              <FormattedMessage id="decks.options.assign" />
            </Button>
            <Button
              size="sm"
              variant="secondary"
              loading={create.isPending}
              onClick={() =>
                act(async () => {
                  const made = await create.mutateAsync({
                    name: intl.formatMessage({ id: 'decks.options.newName' }),
                  });
                  setChosenId(made.id);
                }, 'decks.options.created')
              }
            >
              <FormattedMessage id="decks.options.new" />
            </Button>
            <Button
              size="sm"
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                act(async () => {
                  await remove.mutateAsync({ id: chosen.id });
                  setChosenId(null);
                }, 'decks.options.deleted')
              }
            >
              <FormattedMessage id="decks.options.delete" />
            </Button>
          </div>
          {notice ? (
            <p role="status" className={s.note}>
              {notice}
            </p>
          ) : null}
        </div>
        <PresetForm
          key={chosen.id}
          preset={chosen}
          onSaved={() => setNotice(intl.formatMessage({ id: 'decks.options.saved' }))}
        />
      </div>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={<FormattedMessage id="decks.options.title" />}
      description={<FormattedMessage id="decks.options.description" />}
      actions={
        <Button variant="text" onClick={onClose}>
          <FormattedMessage id="decks.action.close" />
        </Button>
      }
    >
      {body}
    </Dialog>
  );
}

const FIELDS = [
  'name',
  'new_cards_per_day',
  'max_reviews_per_day',
  'learning_steps',
  'relearning_steps',
  'desired_retention',
  'review_order',
  'new_card_order',
  'bury_siblings',
  'leech_threshold',
  'leech_action',
  'easy_days',
] as const;

const REVIEW_ORDERS: Preset['review_order'][] = [
  'due',
  'random',
  'retrievability_ascending',
  'difficulty',
];

/** The chosen preset's settings; server errors show under their field. */
function PresetForm({ preset, onSaved }: { preset: Preset; onSaved: () => void }) {
  const intl = useIntl();
  const update = useUpdatePreset();
  const form = useApiForm<PresetValues, Preset>({
    initial: () => presetValues(preset),
    fields: FIELDS,
    failedId: 'decks.options.saveFailed',
    bannerBesideFields: false,
    validate: (values) => {
      const wrong = notNumbers(values);
      if (wrong.length === 0) return null;
      return { fieldIds: Object.fromEntries(wrong.map((name) => [name, 'decks.options.number'])) };
    },
    submit: (values) => update.mutateAsync({ id: preset.id, ...presetWrite(values) }),
    onSuccess: () => onSaved(),
  });
  const t = (id: string) => intl.formatMessage({ id: `decks.options.${id}` });
  const { values, setValue } = form;
  return (
    <form className={s.form} onSubmit={form.onSubmit} noValidate>
      <FormError text={form.banner} />
      <TextField label={t('name')} maxLength={100} {...form.bind('name')} />
      <TextField
        label={t('newPerDay')}
        helperText={t('newPerDayHint')}
        inputMode="numeric"
        {...form.bind('new_cards_per_day')}
      />
      <TextField
        label={t('reviewsPerDay')}
        helperText={t('reviewsPerDayHint')}
        inputMode="numeric"
        {...form.bind('max_reviews_per_day')}
      />
      <TextField
        label={t('learningSteps')}
        helperText={t('stepsHint')}
        {...form.bind('learning_steps')}
      />
      <TextField
        label={t('relearningSteps')}
        helperText={t('stepsHint')}
        {...form.bind('relearning_steps')}
      />
      <TextField
        label={t('retention')}
        helperText={t('retentionHint')}
        inputMode="numeric"
        {...form.bind('desired_retention')}
      />
      <Select
        label={t('reviewOrder')}
        value={values.review_order}
        error={form.fieldErrors.review_order}
        options={REVIEW_ORDERS.map((order) => ({ value: order, label: t(`reviewOrder.${order}`) }))}
        onChange={(event) => setValue('review_order', event.target.value as Preset['review_order'])}
      />
      <Select
        label={t('newOrder')}
        value={values.new_card_order}
        error={form.fieldErrors.new_card_order}
        options={(['added', 'random'] as const).map((order) => ({
          value: order,
          label: t(`newOrder.${order}`),
        }))}
        onChange={(event) =>
          setValue('new_card_order', event.target.value as Preset['new_card_order'])
        }
      />
      <label className={s.checkRow}>
        <input
          type="checkbox"
          checked={values.bury_siblings}
          onChange={(event) => setValue('bury_siblings', event.target.checked)}
        />
        {t('burySiblings')}
      </label>
      <TextField
        label={t('leechThreshold')}
        inputMode="numeric"
        {...form.bind('leech_threshold')}
      />
      <Select
        label={t('leechAction')}
        value={values.leech_action}
        error={form.fieldErrors.leech_action}
        options={(['suspend', 'tag_only'] as const).map((action) => ({
          value: action,
          label: t(`leechAction.${action}`),
        }))}
        onChange={(event) => setValue('leech_action', event.target.value as Preset['leech_action'])}
      />
      <fieldset className={s.form}>
        <legend>{t('easyDays')}</legend>
        <div className={s.actions}>
          {WEEKDAYS.map((day) => (
            <label key={day} className={s.checkRow}>
              <input
                type="checkbox"
                checked={values.easy_days.includes(day)}
                onChange={(event) =>
                  setValue(
                    'easy_days',
                    event.target.checked
                      ? WEEKDAYS.filter((d) => d === day || values.easy_days.includes(d))
                      : values.easy_days.filter((d) => d !== day),
                  )
                }
              />
              {t(`day.${day}`)}
            </label>
          ))}
        </div>
        {form.fieldErrors.easy_days ? <FormError text={form.fieldErrors.easy_days} /> : null}
      </fieldset>
      <div className={s.actions}>
        <Button type="submit" loading={form.pending}>
          <FormattedMessage id="decks.action.save" />
        </Button>
      </div>
    </form>
  );
}
