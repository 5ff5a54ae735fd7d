/**
 * The set-up screen of each kind of duel (`/desk-duel`, `/custom-duel`, `/images-duel`,
 * `/numbers-duel`): the friend to challenge, name, mode (Normal Duel or Review Mode) and the
 * kind's settings, checked as the spec says (view time 1–60 s, answer time 5–300 s, 1–100 words
 * or numbers, 1 to the deck's card count) before sending; the server checks them again and its
 * field errors show under the same fields. A question duel's view time is optional: left empty,
 * each question's choices show at once; filled, each question is read alone that long first.
 * Custom duels edit their questions, which `Make questions` can propose from a text.
 *
 * **API calls and states**: `GET friends/friendships/friend_list/` (no friends: a notice),
 * `GET space-repetition/desks/` for deck duels, `POST duels/create/`, `POST duels/image-duels/`
 * or `POST duels/table-duels/` (then the duel's arena, waiting for the friend),
 * `POST duels/generate-custom-questions/`.
 */
import type { CustomQuestion, DuelType } from '@memoria/api';
import { useGenerateCustomQuestions } from '@memoria/api';
import { Button, Select, TextArea, TextField } from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './duels.css.ts';
import { OPTIONAL } from './setup.ts';
import { LoadError, Loading, MODE_NAME } from './shared.tsx';
import { useDuelSetup } from './useDuelSetup.ts';

export { checkSetup } from './setup.ts';

function QuestionsEditor({
  questions,
  onChange,
  error,
}: {
  questions: CustomQuestion[];
  onChange: (next: CustomQuestion[]) => void;
  error?: string | undefined;
}) {
  const intl = useIntl();
  const [source, setSource] = useState('');
  const generate = useGenerateCustomQuestions({
    onSuccess: (made) =>
      onChange([...questions.filter((q) => q.question.trim()), ...made.questions]),
  });
  const set = (i: number, patch: Partial<CustomQuestion>) =>
    onChange(questions.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  return (
    <fieldset className={s.form}>
      <legend className={s.sectionTitle}>
        <FormattedMessage id="duels.setup.questions" />
      </legend>
      <TextArea
        label={intl.formatMessage({ id: 'duels.setup.source' })}
        value={source}
        maxLength={20000}
        onChange={(e) => setSource(e.target.value)}
      />
      <div className={s.actions}>
        <Button
          variant="secondary"
          loading={generate.isPending}
          disabled={!source.trim()}
          onClick={() =>
            generate.mutate({ text: source, language: intl.locale === 'es' ? 'es' : 'en' })
          }
        >
          <FormattedMessage id="duels.action.generate" />
        </Button>
      </div>
      {questions.map((q, i) => (
        // Questions have no ids of their own; their order is their identity while editing.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={i} className={s.fieldRow}>
          <TextField
            label={intl.formatMessage({ id: 'duels.setup.question' }, { n: i + 1 })}
            value={q.question}
            maxLength={1000}
            onChange={(e) => set(i, { question: e.target.value })}
          />
          <TextField
            label={intl.formatMessage({ id: 'duels.setup.answer' }, { n: i + 1 })}
            value={q.answer}
            maxLength={500}
            onChange={(e) => set(i, { answer: e.target.value })}
          />
          <Button
            variant="text"
            size="sm"
            aria-label={intl.formatMessage({ id: 'duels.action.removeQuestion' }, { n: i + 1 })}
            onClick={() => onChange(questions.filter((_, j) => j !== i))}
          >
            ×
          </Button>
        </div>
      ))}
      {error ? (
        <p className={s.banner} role="alert">
          {error}
        </p>
      ) : null}
      <div className={s.actions}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onChange([...questions, { question: '', answer: '' }])}
        >
          <FormattedMessage id="duels.action.addQuestion" />
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * The set-up form of each kind of duel (`/desk-duel`, `/custom-duel`, `/images-duel`,
 * `/numbers-duel`), mounted by `DuelSetupIsland` inside the Premium gate of the `duels` feature:
 * the friend to challenge (preselected from `?opponent=`), a name, the mode (Normal Duel or Review
 * Mode) and the kind's settings, checked as the spec says (view time 1–60 s, answer time 5–300 s,
 * 1–100 words or numbers, 1 to the deck's card count) before sending. A question duel's view time
 * is optional: empty, each question's choices show at once; filled, each question is read alone
 * that long first. Custom duels edit their questions, which Make questions can propose from a text.
 * A deck duel offers "Count my answers as reviews" (off by default): each of the creator's answers
 * is then logged as a review of its card in their schedule (right Good, wrong Again).
 *
 * **Use it** to challenge a friend to a new duel of one kind. **Don't use it** to answer a friend's
 * request or see past duels (`DuelsHome`) or to play (the arenas).
 *
 * **API calls and states.**
 * - `GET friends/friendships/friend_list/` and, for deck duels, `GET space-repetition/desks/`: a
 *   skeleton while they load (`Loading`), their error with Retry when one fails (`LoadError`); no
 *   friends yet: "Add a friend
 *   first: duels are between friends." and no form (`NoFriends`); otherwise the kind's form
 *   (`Numbers`, `Images`, `Deck`, `Custom`); a deck duel without decks says so in place of the deck
 *   fields.
 * - Send checks the fields first: each message under its field and nothing sent (`Invalid`,
 *   `InvalidViewTime`; in Spanish, `SpanishInvalid`).
 * - Send duel: `POST duels/create/` (deck and custom), `POST duels/image-duels/` or
 *   `POST duels/table-duels/`; success opens the duel's arena, waiting for the friend; the server's
 *   field errors show under the same fields, any other failure in an alert above Send.
 * - Make questions (custom duels): `POST duels/generate-custom-questions/` with the text, in the
 *   page's language; the proposals join the questions, to edit before sending.
 *
 * **Accessibility.** "New {mode}" is the page's `h1`; a native form, so Enter in a field sends it.
 * Every field has a real label, its hint and error linked to it (`aria-describedby`,
 * `aria-invalid`); the friend, mode, deck, digits and language are native selects; "Count my
 * answers as reviews" is a native checkbox, its hint linked to it. A custom duel's
 * questions are a fieldset headed "Questions", each row labelled "Question N" and "Answer N" with a
 * × button named "Remove question N". Errors outside a field are `role="alert"`; Send is busy
 * (`aria-busy`) while the duel is created.
 */
export function DuelSetup({
  kind,
  opponent = null,
}: {
  /** The kind of duel: `deck`, `custom`, `images` (pictures) or `table` (numbers). */
  kind: DuelType;
  /** A friend's username to preselect (from a friend's Duel button, `?opponent=`). */
  opponent?: string | null;
}) {
  const intl = useIntl();
  const setup = useDuelSetup(kind, opponent);
  const { form, friendList, deckList, deck } = setup;

  if (setup.loading) return <Loading />;
  if (setup.loadFailure) {
    return <LoadError error={setup.loadFailure.error} onRetry={setup.loadFailure.retry} />;
  }

  const number = (field: string, labelId: string, hintId?: string) => (
    <TextField
      label={intl.formatMessage({ id: labelId })}
      inputMode="numeric"
      helperText={hintId ? <FormattedMessage id={hintId} /> : undefined}
      {...form.bind(field)}
      value={form.values[field] ?? ''}
    />
  );
  const select = (field: string) => ({
    value: form.values[field] ?? '',
    onChange: (e: { target: { value: string } }) => form.setValue(field, e.target.value),
    error: form.fieldErrors[field],
  });
  const mode = intl.formatMessage({ id: MODE_NAME[kind] });
  return (
    <div className={s.page}>
      <h1 className={s.title}>
        <FormattedMessage id="duels.setup.title" values={{ mode }} />
      </h1>
      {friendList.length === 0 ? (
        <p className={s.muted}>
          <a className={s.inlineLink} href="/friends">
            <FormattedMessage id="duels.setup.opponent.none" />
          </a>
        </p>
      ) : (
        <form className={s.form} onSubmit={form.onSubmit} noValidate>
          <Select
            label={intl.formatMessage({ id: 'duels.setup.opponent' })}
            placeholder=" "
            options={friendList.map((f) => ({ value: String(f.id), label: f.username }))}
            {...select('opponent_id')}
            value={setup.opponentId}
          />
          <div className={s.settingsRow}>
            <TextField
              label={intl.formatMessage({ id: 'duels.setup.name' })}
              maxLength={200}
              {...form.bind('name')}
              value={form.values.name ?? ''}
            />
            <Select
              label={intl.formatMessage({ id: 'duels.setup.mode' })}
              options={[
                { value: 'normal', label: intl.formatMessage({ id: 'duels.setup.mode.normal' }) },
                { value: 'review', label: intl.formatMessage({ id: 'duels.setup.mode.review' }) },
              ]}
              value={form.values.mode}
              onChange={(e) => form.setValue('mode', e.target.value)}
            />
          </div>
          {kind === 'desk' ? (
            deckList.length === 0 ? (
              <p className={s.muted}>
                <FormattedMessage id="duels.setup.desk.none" />
              </p>
            ) : (
              <div className={s.settingsRow}>
                <Select
                  label={intl.formatMessage({ id: 'duels.setup.desk' })}
                  placeholder=" "
                  options={deckList.map((d) => ({ value: String(d.id), label: d.name }))}
                  {...select('desk_id')}
                />
                <TextField
                  label={intl.formatMessage({ id: 'duels.setup.questionCount' })}
                  inputMode="numeric"
                  {...form.bind('question_count')}
                  value={form.values.question_count ?? ''}
                  helperText={
                    deck ? (
                      <FormattedMessage
                        id="duels.setup.questionCount.hint"
                        values={{ max: deck.cards_count }}
                      />
                    ) : undefined
                  }
                />
              </div>
            )
          ) : null}
          {kind === 'desk' && deckList.length > 0 ? (
            <div className={s.checkField}>
              <label className={s.checkRow}>
                <input
                  type="checkbox"
                  checked={form.values.count_as_reviews === 'true'}
                  aria-describedby="duel-count-as-reviews-hint"
                  onChange={(e) =>
                    form.setValue('count_as_reviews', e.target.checked ? 'true' : '')
                  }
                />
                <FormattedMessage id="duels.setup.countAsReviews" />
              </label>
              <p id="duel-count-as-reviews-hint" className={s.checkHint}>
                <FormattedMessage id="duels.setup.countAsReviews.hint" />
              </p>
            </div>
          ) : null}
          {kind === 'custom' ? (
            <QuestionsEditor
              questions={setup.questions}
              onChange={setup.setQuestions}
              error={form.fieldErrors.questions}
            />
          ) : null}
          <div className={s.settingsRow}>
            {OPTIONAL[kind].includes('view_time')
              ? number('view_time', 'duels.setup.viewTime', 'duels.setup.viewTime.quizHint')
              : number('view_time', 'duels.setup.viewTime')}
            {number('answer_time', 'duels.setup.answerTime')}
            {kind === 'images' ? number('word_limit', 'duels.setup.wordLimit') : null}
            {kind === 'table' ? number('number_limit', 'duels.setup.numberLimit') : null}
            {kind === 'table' ? (
              <Select
                label={intl.formatMessage({ id: 'duels.setup.digits' })}
                options={['1', '2', '3', '4', '5', '6'].map((d) => ({ value: d, label: d }))}
                value={form.values.digits}
                onChange={(e) => form.setValue('digits', e.target.value)}
              />
            ) : null}
            {kind === 'images' ? (
              <Select
                label={intl.formatMessage({ id: 'duels.setup.language' })}
                options={(['en', 'es'] as const).map((value) => ({
                  value,
                  label: intl.formatMessage({ id: `duels.setup.language.${value}` }),
                }))}
                value={form.values.language}
                onChange={(e) => form.setValue('language', e.target.value)}
              />
            ) : null}
          </div>
          {form.banner ? (
            <p className={s.banner} role="alert">
              {form.banner}
            </p>
          ) : null}
          <div className={s.actions}>
            <Button type="submit" loading={form.pending}>
              <FormattedMessage id="duels.action.send" />
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
