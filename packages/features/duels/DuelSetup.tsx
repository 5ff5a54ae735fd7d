/**
 * The set-up screen of each kind of duel (`/desk-duel`, `/custom-duel`, `/images-duel`,
 * `/numbers-duel`): the friend to challenge, name, mode (Normal Duel or Review Mode) and the
 * kind's settings, checked as the spec says (view time 1–60 s, answer time 5–300 s, 1–100 words
 * or numbers, 1 to the desk's card count) before sending; the server checks them again and its
 * field errors show under the same fields. A question duel's view time is optional: left empty,
 * each question's choices show at once; filled, each question is read alone that long first.
 * Custom duels edit their questions, which `Make questions` can propose from a text.
 *
 * **API calls and states**: `GET friends/friendships/friend_list/` (no friends: a notice),
 * `GET space-repetition/desks/` for desk duels, `POST duels/create/`, `POST duels/image-duels/`
 * or `POST duels/table-duels/` (then the duel's arena, waiting for the friend),
 * `POST duels/generate-custom-questions/`.
 */
import {
  arenaPath,
  type CustomQuestion,
  type DuelType,
  navigateTo,
  useCreateDuel,
  useCreateImageDuel,
  useCreateTableDuel,
  useDesks,
  useFriends,
  useGenerateCustomQuestions,
} from '@memoria/api';
import { Button, Select, TextArea, TextField } from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formErrors } from '../shared/errors.ts';
import * as s from './duels.css.ts';
import { LoadError, Loading, MODE_NAME } from './shared.tsx';

type Values = Record<string, string>;

const DEFAULTS: Values = {
  mode: 'normal',
  view_time: '30',
  answer_time: '60',
  word_limit: '10',
  number_limit: '10',
  digits: '2',
  language: 'en',
  question_count: '5',
};

/** The spec's ranges, checked before sending; the message ids of §5. */
const RANGES: Record<string, [number, number, string]> = {
  view_time: [1, 60, 'duels.validation.viewTime'],
  answer_time: [5, 300, 'duels.validation.answerTime'],
  word_limit: [1, 100, 'duels.validation.limit'],
  number_limit: [1, 100, 'duels.validation.limit'],
};

const FIELDS: Record<DuelType, string[]> = {
  desk: ['desk_id', 'question_count', 'view_time', 'answer_time'],
  custom: ['questions', 'view_time', 'answer_time'],
  images: ['view_time', 'answer_time', 'word_limit', 'language'],
  table: ['view_time', 'answer_time', 'number_limit', 'digits'],
};

/** Question duels may go without a reading time (the server's `view_time` is optional there). */
const OPTIONAL: Record<DuelType, string[]> = {
  desk: ['view_time'],
  custom: ['view_time'],
  images: [],
  table: [],
};

/** The form's first values: a question duel starts without a reading time. */
const initialValues = (kind: DuelType): Values =>
  OPTIONAL[kind].includes('view_time') ? { ...DEFAULTS, view_time: '' } : DEFAULTS;

const int = (text: string | undefined) => (text && /^\d+$/.test(text.trim()) ? Number(text) : NaN);

/** The spec's field checks; returns message ids (with values) per field. */
export function checkSetup(
  kind: DuelType,
  values: Values,
  questions: CustomQuestion[],
  cardCount: number | null,
): Record<string, { id: string; values?: Record<string, number> }> {
  const errors: Record<string, { id: string; values?: Record<string, number> }> = {};
  if (!values.opponent_id) errors.opponent_id = { id: 'duels.validation.required' };
  for (const field of FIELDS[kind]) {
    const range = RANGES[field];
    if (!range) continue;
    if (OPTIONAL[kind].includes(field) && !values[field]?.trim()) continue;
    const n = int(values[field]);
    if (!(n >= range[0] && n <= range[1])) errors[field] = { id: range[2] };
  }
  if (kind === 'desk') {
    if (!values.desk_id) errors.desk_id = { id: 'duels.validation.required' };
    // The range needs the desk's card count: until a desk is chosen only the desk is asked for
    // (it said "Enter a number from 1 to 0." before).
    const n = int(values.question_count);
    if (cardCount !== null && !(n >= 1 && n <= cardCount)) {
      errors.question_count = { id: 'duels.validation.questionCount', values: { max: cardCount } };
    }
  }
  if (kind === 'custom' && !questions.some((q) => q.question.trim() && q.answer.trim())) {
    errors.questions = { id: 'duels.validation.required' };
  }
  return errors;
}

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
 * 1–100 words or numbers, 1 to the desk's card count) before sending. A question duel's view time
 * is optional: empty, each question's choices show at once; filled, each question is read alone
 * that long first. Custom duels edit their questions, which Make questions can propose from a text.
 *
 * **Use it** to challenge a friend to a new duel of one kind. **Don't use it** to answer a friend's
 * request or see past duels (`DuelsHome`) or to play (the arenas).
 *
 * **API calls and states.**
 * - `GET friends/friendships/friend_list/` and, for desk duels, `GET space-repetition/desks/`: a
 *   skeleton while they load (`Loading`), their error with Retry when one fails (`LoadError`); no
 *   friends yet: "Add a friend
 *   first: duels are between friends." and no form (`NoFriends`); otherwise the kind's form
 *   (`Numbers`, `Images`, `Desk`, `Custom`); a desk duel without decks says so in place of the desk
 *   fields.
 * - Send checks the fields first: each message under its field and nothing sent (`Invalid`,
 *   `InvalidViewTime`; in Spanish, `SpanishInvalid`).
 * - Send duel: `POST duels/create/` (desk and custom), `POST duels/image-duels/` or
 *   `POST duels/table-duels/`; success opens the duel's arena, waiting for the friend; the server's
 *   field errors show under the same fields, any other failure in an alert above Send.
 * - Make questions (custom duels): `POST duels/generate-custom-questions/` with the text, in the
 *   page's language; the proposals join the questions, to edit before sending.
 *
 * **Accessibility.** "New {mode}" is the page's `h1`; a native form, so Enter in a field sends it.
 * Every field has a real label, its hint and error linked to it (`aria-describedby`,
 * `aria-invalid`); the friend, mode, desk, digits and language are native selects. A custom duel's
 * questions are a fieldset headed "Questions", each row labelled "Question N" and "Answer N" with a
 * × button named "Remove question N". Errors outside a field are `role="alert"`; Send is busy
 * (`aria-busy`) while the duel is created.
 */
export function DuelSetup({
  kind,
  opponent = null,
}: {
  /** The kind of duel: `desk`, `custom`, `images` (pictures) or `table` (numbers). */
  kind: DuelType;
  /** A friend's username to preselect (from a friend's Duel button, `?opponent=`). */
  opponent?: string | null;
}) {
  const intl = useIntl();
  const friends = useFriends({ pageSize: 100 });
  const desks = useDesks({ enabled: kind === 'desk' });
  const [values, setValues] = useState<Values>(() => initialValues(kind));
  const [questions, setQuestions] = useState<CustomQuestion[]>([{ question: '', answer: '' }]);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const go = (duel: { id: number }) => navigateTo(arenaPath(kind, duel.id));
  const quiz = useCreateDuel({ onSuccess: go });
  const images = useCreateImageDuel({ onSuccess: go });
  const table = useCreateTableDuel({ onSuccess: go });
  const sending = quiz.isPending || images.isPending || table.isPending;
  const failure = quiz.error ?? images.error ?? table.error;

  if (friends.isPending || (kind === 'desk' && desks.isPending)) return <Loading />;
  if (friends.isError) return <LoadError error={friends.error} onRetry={() => friends.refetch()} />;
  if (kind === 'desk' && desks.isError) {
    return <LoadError error={desks.error} onRetry={() => desks.refetch()} />;
  }
  const friendList = friends.data.results;
  const preselected = friendList.find((f) => f.username === opponent);
  const opponentId = values.opponent_id ?? (preselected ? String(preselected.id) : '');
  const deskList = desks.data ?? [];
  const desk = deskList.find((d) => String(d.id) === values.desk_id);
  const server = formErrors(
    intl,
    failure,
    ['opponent_id', ...FIELDS[kind], 'name'],
    'duels.setup.failed',
  );
  const errorOf = (field: string) => checked[field] ?? server.fields[field];
  const set = (field: string) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const all: Values = { ...values, opponent_id: opponentId };
    const errors = checkSetup(kind, all, questions, desk?.cards_count ?? null);
    setChecked(
      Object.fromEntries(
        Object.entries(errors).map(([f, m]) => [f, intl.formatMessage({ id: m.id }, m.values)]),
      ),
    );
    if (Object.keys(errors).length > 0) return;
    const common = {
      opponent_id: Number(opponentId),
      mode: all.mode as 'normal' | 'review',
      answer_time: Number(all.answer_time),
      ...(all.name?.trim() ? { name: all.name.trim() } : {}),
    };
    const readFirst = all.view_time?.trim() ? { view_time: Number(all.view_time) } : {};
    if (kind === 'desk') {
      quiz.mutate({
        ...common,
        ...readFirst,
        duel_type: 'desk',
        desk_id: Number(all.desk_id),
        question_count: Number(all.question_count),
      });
    } else if (kind === 'custom') {
      quiz.mutate({
        ...common,
        ...readFirst,
        duel_type: 'custom',
        questions: questions.filter((q) => q.question.trim() && q.answer.trim()),
      });
    } else if (kind === 'images') {
      images.mutate({
        ...common,
        view_time: Number(all.view_time),
        word_limit: Number(all.word_limit),
        language: all.language as 'en' | 'es',
      });
    } else {
      table.mutate({
        ...common,
        view_time: Number(all.view_time),
        number_limit: Number(all.number_limit),
        digits: Number(all.digits),
      });
    }
  };

  const number = (field: string, labelId: string, hintId?: string) => (
    <TextField
      label={intl.formatMessage({ id: labelId })}
      inputMode="numeric"
      value={values[field] ?? ''}
      onChange={set(field)}
      helperText={hintId ? <FormattedMessage id={hintId} /> : undefined}
      error={errorOf(field)}
    />
  );
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
        <form className={s.form} onSubmit={submit} noValidate>
          <Select
            label={intl.formatMessage({ id: 'duels.setup.opponent' })}
            placeholder=" "
            options={friendList.map((f) => ({ value: String(f.id), label: f.username }))}
            value={opponentId}
            onChange={set('opponent_id')}
            error={errorOf('opponent_id')}
          />
          <div className={s.settingsRow}>
            <TextField
              label={intl.formatMessage({ id: 'duels.setup.name' })}
              value={values.name ?? ''}
              maxLength={200}
              onChange={set('name')}
              error={errorOf('name')}
            />
            <Select
              label={intl.formatMessage({ id: 'duels.setup.mode' })}
              options={[
                { value: 'normal', label: intl.formatMessage({ id: 'duels.setup.mode.normal' }) },
                { value: 'review', label: intl.formatMessage({ id: 'duels.setup.mode.review' }) },
              ]}
              value={values.mode}
              onChange={set('mode')}
            />
          </div>
          {kind === 'desk' ? (
            deskList.length === 0 ? (
              <p className={s.muted}>
                <FormattedMessage id="duels.setup.desk.none" />
              </p>
            ) : (
              <div className={s.settingsRow}>
                <Select
                  label={intl.formatMessage({ id: 'duels.setup.desk' })}
                  placeholder=" "
                  options={deskList.map((d) => ({ value: String(d.id), label: d.name }))}
                  value={values.desk_id ?? ''}
                  onChange={set('desk_id')}
                  error={errorOf('desk_id')}
                />
                <TextField
                  label={intl.formatMessage({ id: 'duels.setup.questionCount' })}
                  inputMode="numeric"
                  value={values.question_count ?? ''}
                  onChange={set('question_count')}
                  helperText={
                    desk ? (
                      <FormattedMessage
                        id="duels.setup.questionCount.hint"
                        values={{ max: desk.cards_count }}
                      />
                    ) : undefined
                  }
                  error={errorOf('question_count')}
                />
              </div>
            )
          ) : null}
          {kind === 'custom' ? (
            <QuestionsEditor
              questions={questions}
              onChange={setQuestions}
              error={errorOf('questions')}
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
                value={values.digits}
                onChange={set('digits')}
              />
            ) : null}
            {kind === 'images' ? (
              <Select
                label={intl.formatMessage({ id: 'duels.setup.language' })}
                options={(['en', 'es'] as const).map((value) => ({
                  value,
                  label: intl.formatMessage({ id: `duels.setup.language.${value}` }),
                }))}
                value={values.language}
                onChange={set('language')}
              />
            ) : null}
          </div>
          {failure ? (
            <p className={s.banner} role="alert">
              {server.banner}
            </p>
          ) : null}
          <div className={s.actions}>
            <Button type="submit" loading={sending}>
              <FormattedMessage id="duels.action.send" />
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
