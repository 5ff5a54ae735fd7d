/**
 * Custom study (issue 43), as Anki's: review ahead, forgotten today, extra new cards, or cram by
 * a tag or the whole deck, with a limit. Starting opens the review page playing the session
 * (`customStudyHref`); a session that matches no card says so here instead.
 */
import { type CustomStudySession, navigateTo, useCustomStudy } from '@memoria/api';
import { Button, Dialog, TextField } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { CUSTOM_STUDY_KINDS, customStudyHref } from '../deck-review/index.ts';
import { useApiForm } from '../shared/useApiForm.ts';
import {
  CUSTOM_STUDY_FIELDS,
  type CustomStudyValues,
  customStudyProblem,
  customStudyRequest,
  initialCustomStudy,
} from './customStudyForm.ts';
import { FormError } from './DeckDialogs.tsx';
import * as s from './decks.css.ts';

export interface CustomStudyDialogProps {
  /** The deck studied. */
  deckId: number;
  /** Whether the dialog shows. */
  open: boolean;
  /** Called on Cancel and Escape. */
  onClose: () => void;
  /** Where a session with cards goes (default: the review page, `navigateTo`). */
  onStart?: (href: string) => void;
  /** The values the form starts with (stories). */
  initial?: Partial<CustomStudyValues>;
}

/**
 * Anki's Custom Study for one deck: what to study (review ahead N days, cards forgotten today,
 * extra new cards, or cram by a tag or the whole deck) and at most how many cards; Start opens
 * the review playing that session under a "Custom study" banner.
 *
 * **Use it** from the deck page's Custom study button. **Don't use it** to change the deck's
 * daily limits (the Options dialog) or to find cards (the card browser).
 *
 * **Accessibility.** The kinds are a radio group named "What to study", each with its hint; the
 * fields that kind needs follow it, labelled; a wrong value is said under its field and
 * announced, a session without cards in the alert above the fields.
 *
 * **API calls and states.** `POST space-repetition/custom-study/` on Start: pending, the button
 * spins; the kinds' fields (`Ahead`, `Forgotten`, `ExtraNew`, `Cram`); values checked before the
 * call (`Invalid`); the server's 400 under its field; no card matched (`NothingMatches`).
 */
export function CustomStudyDialog({
  deckId,
  open,
  onClose,
  onStart = navigateTo,
  initial,
}: CustomStudyDialogProps) {
  const intl = useIntl();
  const create = useCustomStudy();
  const form = useApiForm<CustomStudyValues, CustomStudySession>({
    initial: () => ({ ...initialCustomStudy(), ...initial }),
    fields: CUSTOM_STUDY_FIELDS,
    failedId: 'decks.customStudy.failed',
    bannerBesideFields: false,
    clearErrorsOnChange: true,
    validate: customStudyProblem,
    submit: (values) => create.mutateAsync(customStudyRequest(deckId, values)),
    onSuccess: (session, values) => {
      if (session.cards.length === 0) {
        form.showBanner(`decks.customStudy.nothing.${values.kind}`);
        return;
      }
      const { desk_id: _deck, ...request } = customStudyRequest(deckId, values);
      onStart(customStudyHref(deckId, request));
    },
  });
  const t = (id: string) => intl.formatMessage({ id: `decks.customStudy.${id}` });
  const { values, setValues } = form;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={<FormattedMessage id="decks.customStudy.title" />}
      description={<FormattedMessage id="decks.customStudy.description" />}
    >
      <form className={s.form} onSubmit={form.onSubmit} noValidate>
        <FormError text={form.banner} />
        <fieldset className={s.form}>
          <legend>{t('kind')}</legend>
          {CUSTOM_STUDY_KINDS.map((kind) => (
            <label key={kind} className={s.checkRow}>
              <input
                type="radio"
                name="kind"
                value={kind}
                checked={values.kind === kind}
                aria-describedby={`custom-study-${kind}-hint`}
                onChange={() => setValues((current) => ({ ...current, kind }))}
              />
              <span>
                {t(`kind.${kind}`)}
                <br />
                <small id={`custom-study-${kind}-hint`}>{t(`kind.${kind}.hint`)}</small>
              </span>
            </label>
          ))}
        </fieldset>
        {values.kind === 'ahead' ? (
          <TextField
            label={t('days')}
            helperText={t('daysHint')}
            inputMode="numeric"
            {...form.bind('days')}
          />
        ) : null}
        {values.kind === 'cram' ? (
          <TextField label={t('tag')} helperText={t('tagHint')} {...form.bind('tag')} />
        ) : null}
        <TextField
          label={t('limit')}
          helperText={t('limitHint')}
          inputMode="numeric"
          {...form.bind('limit')}
        />
        <div className={s.actions}>
          <Button type="submit" loading={form.pending}>
            <FormattedMessage id="decks.customStudy.start" />
          </Button>
          <Button variant="text" onClick={onClose}>
            <FormattedMessage id="decks.action.cancel" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
