/** `/conversion-table`: numbers to Major-System words, splits, a phrase, and the digit table. */
import {
  $offline,
  CONVERSION_INPUT_MAX,
  type ConversionResult,
  type GeneratedPhrase,
  getUserEmail,
  type MnemonicsLocale,
  PHRASE_NUMBER_MAX,
  useConvertNumbers,
  useGeneratePhrase,
  useMajorTable,
} from '@memoria/api';
import { Button, Card, Chip, ErrorState, Select, Spinner, TextField } from '@memoria/ui';
import { useStore } from '@nanostores/react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, Fragment, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GatedPage, type GateTitle } from '../gate/index.ts';

/** The plan feature of this page and the Premium modal's title. */
const GATE = { feature: 'conversion_table', title: 'conversionTable' } as const satisfies {
  feature: string;
  title: GateTitle;
};

import { errorMessage, FIELD_ERROR_MESSAGES } from '../shared/errors.ts';
import { useApiForm } from '../shared/useApiForm.ts';
import * as s from './conversion.css.ts';
import { OwnTable } from './OwnTable.tsx';
import { canConvertOffline, convertOffline } from './offlineConversion.ts';
import { useOfflineConversion } from './useOfflineConversion.ts';
import { type NumbersProblem, numbersProblem } from './validation.ts';

/** Stable keys for lists that may repeat a value: the value and how often it came before. */
function keyed<T>(list: readonly T[], key: (item: T) => string): { key: string; item: T }[] {
  const seen = new Map<string, number>();
  return list.map((item) => {
    const k = key(item);
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    return { key: `${k}#${n}`, item };
  });
}

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

function ErrorBanner({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <ErrorState
      title={<FormattedMessage id="conversionTable.error.title" />}
      description={errorMessage(intl, error)}
      retryLabel={<FormattedMessage id="conversionTable.retry" />}
      onRetry={onRetry}
    />
  );
}

/** The sounds of each digit in `language`, as shown beside the results. */
export function DigitTable({ language }: { language: MnemonicsLocale }) {
  const intl = useIntl();
  const name = intl.formatMessage({ id: `conversionTable.language.${language}` });
  return (
    <Card
      as="section"
      title={<FormattedMessage id="conversionTable.table.title" values={{ language: name }} />}
    >
      <table className={s.table}>
        <thead>
          <tr>
            <th className={s.cell} scope="col">
              <FormattedMessage id="conversionTable.table.digit" />
            </th>
            <th className={s.cell} scope="col">
              <FormattedMessage id="conversionTable.table.sounds" />
            </th>
          </tr>
        </thead>
        <tbody>
          {DIGITS.map((d) => (
            <tr key={d}>
              <th className={`${s.cell} ${s.number}`} scope="row">
                {d}
              </th>
              <td className={s.cell}>
                <FormattedMessage id={`conversionTable.table.${language}.${d}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={s.muted}>
        <FormattedMessage id={`conversionTable.table.note.${language}`} />
      </p>
    </Card>
  );
}

function Split({ parts }: { parts: { digits: string; word: string }[] }) {
  return (
    <li>
      {keyed(parts, (p) => p.digits).map(({ key, item: p }, i) => (
        // The line may break after a separator (the no-break space keeps "·" with the word
        // before it), never inside one number and its word: a phone shows long splits whole.
        <Fragment key={key}>
          {i > 0 ? '\u00a0· ' : null}
          <span className={s.part}>
            <span className={s.digits}>{p.digits}</span>
            {p.word}
          </span>
        </Fragment>
      ))}
    </li>
  );
}

export function ConversionResults({ result }: { result: ConversionResult }) {
  return (
    <ul className={s.results} aria-live="polite">
      {keyed(result.results, (r) => r.number).map(({ key, item: r }) => (
        <li key={key}>
          <Card as="article" title={<span className={s.number}>{r.number}</span>}>
            {r.words.length > 0 ? (
              <>
                <p className={s.muted}>
                  <FormattedMessage id="conversionTable.words" />
                </p>
                <ul className={s.words}>
                  {r.words.map((w, j) => (
                    <li key={w}>
                      <Chip label={w} color={j === 0 ? 'conversionTable' : 'default'} />
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className={s.muted}>
                <FormattedMessage id="conversionTable.noWords" />
              </p>
            )}
            {r.splits.length > 0 ? (
              <>
                <p className={s.muted}>
                  <FormattedMessage id="conversionTable.splits" />
                </p>
                <ol className={s.splits}>
                  {keyed(r.splits, (split) => split.map((p) => p.word).join(' ')).map(
                    ({ key, item }) => (
                      <Split key={key} parts={item} />
                    ),
                  )}
                </ol>
              </>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}

function PhraseResult({ phrase }: { phrase: GeneratedPhrase }) {
  return (
    <div aria-live="polite">
      <p className={s.phrase}>{phrase.phrase}</p>
      <ol className={s.splits}>
        <Split parts={phrase.words} />
      </ol>
    </div>
  );
}

/**
 * One numbers field and its call. The field is checked as it is typed (a letter at once, an empty
 * field once the learner submitted it) and the check stops the call; the call's failure is left
 * to the results below the form, which show it with Retry.
 */
function useNumbersForm<R>(
  /** The server's name of the field (`numbers`, `number`). */
  fieldName: string,
  empty: 'no_numbers_entered' | 'number_field_empty',
  submit: (value: string) => Promise<R>,
) {
  const intl = useIntl();
  const [touched, setTouched] = useState(false);
  const messageOf = (problem: NumbersProblem) =>
    FIELD_ERROR_MESSAGES[problem as keyof typeof FIELD_ERROR_MESSAGES];
  const form = useApiForm({
    initial: { value: '' },
    fields: [fieldName],
    failedId: 'conversionTable.error.title',
    validate: ({ value }) => {
      const problem = numbersProblem(value, empty);
      return problem ? { fieldIds: { [fieldName]: messageOf(problem) } } : null;
    },
    submit: ({ value }) => submit(value),
    onFailure: () => true,
  });
  const value = form.values.value;
  const problem = numbersProblem(value, empty);
  const shown = problem && (touched || /[^0-9\s]/.test(value));
  return {
    field: {
      ...form.bind('value', fieldName),
      error: shown ? intl.formatMessage({ id: messageOf(problem) }) : undefined,
    },
    pending: form.pending,
    onSubmit: (event: FormEvent) => {
      setTouched(true);
      return form.onSubmit(event);
    },
    /** Sends the field again (the results' Retry). */
    retry: () => void form.onSubmit(),
  };
}

/**
 * The Major-System converter of `/conversion-table`, mounted by `ConversionTableIsland` through
 * `ConversionTablePage` inside the Premium gate: the learner types numbers (digits and spaces) and
 * gets words for each, best first, ways to split long numbers, a phrase for one number, and the
 * digit table of the chosen language; below them, the learner's own table (`OwnTable`).
 *
 * **Use it** only inside `ConversionTablePage`, which shows free plans the Premium modal instead
 * (`Gated`). **Don't use it** for the learner's own word for each number (`OwnTable`) or to teach
 * the digit sounds alone (`DigitTable`).
 *
 * **API calls and states.**
 * - Nothing converted yet: a hint and the English digit table (`Empty`); the language select
 *   changes the digit table and the next calls (`SpanishTable`).
 * - The numbers field is checked as it is typed and on Convert, in the browser: a letter shows
 *   'Error: Only numbers and spaces are allowed' under the field at once (`InvalidInput`), Convert
 *   on an empty field 'Error: No numbers entered' (`NoNumbers`); nothing is sent.
 * - `POST conversiontable/convert-numbers/` with the numbers and the language: Convert is busy and
 *   "Converting…" shows (`Converting`), then for each number its words (the best in the table's feature colour)
 *   and up to three splits (`Results`); a failure shows 'This did not work', the error's message
 *   and Retry, which sends the same numbers again (`ServerError`).
 * - `POST conversiontable/generate-phrase/` with one number: "Generating…" while it runs
 *   (`PhraseLoading`), then a phrase of short sentences and the words it is made of (`Results`); an empty field says 'Error: Number field is empty'; a failure shows the same alert
 *   with Retry.
 * - Offline (issue 46): `GET conversiontable/lexicon/` (once a day) and
 *   `GET conversiontable/table/` are kept in IndexedDB while online, and Convert then converts in
 *   the browser with the server's code and answers (`Results`); the phrase needs the server.
 * - `OwnTable` below makes its own calls.
 *
 * **Accessibility.** The page's `h1`, then two native forms: Enter in a field converts or
 * generates. The fields have real labels, helper texts and errors linked to them
 * (`aria-describedby`, `aria-invalid`); the language is a native select. The results and the phrase
 * are polite live regions, so new words are read when they arrive; a failure is `role="alert"` with
 * a Retry button, and the spinners announce "Converting…" and "Generating…". Numbers and their
 * words are lists, each number a card headed by it.
 */
export function ConversionTable({
  initialLanguage,
}: {
  /** The language the page opens in (`en` or `es`): the digit table and the words' dictionary. */
  initialLanguage: MnemonicsLocale;
}) {
  const intl = useIntl();
  const [language, setLanguage] = useState<MnemonicsLocale>(initialLanguage);
  const online = useConvertNumbers();
  // Offline, the browser converts with the kept words (the same code and answers as the server).
  const local = useMutation({
    mutationFn: (value: string) => convertOffline(language, value, getUserEmail()),
    networkMode: 'always',
  });
  // The learner's table, kept for converting offline (OwnTable reads the same query).
  const offline = useStore($offline);
  useOfflineConversion(language, useMajorTable(language, { enabled: !offline }).data);
  const [source, setSource] = useState<'online' | 'offline'>('online');
  const convert = source === 'offline' ? local : online;
  const phrase = useGeneratePhrase();
  const numbers = useNumbersForm('numbers', 'no_numbers_entered', (value) => {
    setSource(offline ? 'offline' : 'online');
    return offline ? local.mutateAsync(value) : online.mutateAsync({ numbers: value, language });
  });
  const phraseNumber = useNumbersForm('number', 'number_field_empty', (value) =>
    phrase.mutateAsync({ number: value, language }),
  );

  let results: React.ReactNode;
  if (numbers.pending)
    results = <Spinner label={intl.formatMessage({ id: 'conversionTable.converting' })} />;
  else if (convert.isError) results = <ErrorBanner error={convert.error} onRetry={numbers.retry} />;
  else if (convert.data) results = <ConversionResults result={convert.data} />;
  else
    results = (
      <p className={s.muted}>
        <FormattedMessage id="conversionTable.empty" />
      </p>
    );

  let phraseBody: React.ReactNode;
  if (phraseNumber.pending)
    phraseBody = (
      <Spinner label={intl.formatMessage({ id: 'conversionTable.phrase.generating' })} />
    );
  else if (phrase.isError)
    phraseBody = <ErrorBanner error={phrase.error} onRetry={phraseNumber.retry} />;
  else if (phrase.data) phraseBody = <PhraseResult phrase={phrase.data} />;
  else
    phraseBody = (
      <p className={s.muted}>
        <FormattedMessage id="conversionTable.phrase.empty" />
      </p>
    );

  return (
    <div className={s.page}>
      <div>
        <h1 className={s.title}>
          <FormattedMessage id="conversionTable.title" />
        </h1>
        <p className={s.subtitle}>
          <FormattedMessage id="conversionTable.subtitle" />
        </p>
      </div>
      <div className={s.language}>
        <Select
          label={intl.formatMessage({ id: 'conversionTable.language.label' })}
          value={language}
          onChange={(e) => setLanguage(e.target.value === 'es' ? 'es' : 'en')}
          options={[
            { value: 'en', label: intl.formatMessage({ id: 'conversionTable.language.en' }) },
            { value: 'es', label: intl.formatMessage({ id: 'conversionTable.language.es' }) },
          ]}
        />
      </div>
      <div className={s.columns}>
        <div className={s.results}>
          <form className={s.form} onSubmit={numbers.onSubmit} noValidate>
            <TextField
              className={s.field}
              label={intl.formatMessage({ id: 'conversionTable.numbers.label' })}
              helperText={intl.formatMessage({ id: 'conversionTable.numbers.helper' })}
              {...numbers.field}
              inputMode="numeric"
              autoComplete="off"
              maxLength={CONVERSION_INPUT_MAX}
            />
            <Button type="submit" loading={numbers.pending}>
              <FormattedMessage id="conversionTable.convert" />
            </Button>
          </form>
          {results}
          <Card as="section" title={<FormattedMessage id="conversionTable.phrase.title" />}>
            <form className={s.form} onSubmit={phraseNumber.onSubmit} noValidate>
              <TextField
                className={s.field}
                label={intl.formatMessage({ id: 'conversionTable.phrase.label' })}
                {...phraseNumber.field}
                inputMode="numeric"
                autoComplete="off"
                maxLength={PHRASE_NUMBER_MAX}
              />
              <Button type="submit" variant="secondary" loading={phraseNumber.pending}>
                <FormattedMessage id="conversionTable.phrase.generate" />
              </Button>
            </form>
            {phraseBody}
          </Card>
        </div>
        <DigitTable language={language} />
      </div>
      <OwnTable language={language} />
    </div>
  );
}

/** The page: the gate first (Premium modal for free plans), then the table. */
/** True while offline when this learner's words for `language` are kept in this browser. */
function useKeptForOffline(language: MnemonicsLocale): boolean {
  const offline = useStore($offline);
  const [kept, setKept] = useState(false);
  useEffect(() => {
    if (!offline) return setKept(false);
    let left = false;
    canConvertOffline(language, getUserEmail())
      .then((can) => {
        if (!left) setKept(can);
      })
      .catch(() => undefined);
    return () => {
      left = true;
    };
  }, [language, offline]);
  return offline && kept;
}

export function ConversionTablePage() {
  const intl = useIntl();
  const language = intl.locale === 'es' ? 'es' : 'en';
  const kept = useKeptForOffline(language);
  // Offline the plan cannot be read; words kept for this learner were sent only to a plan with
  // the conversion table (`GET conversiontable/lexicon/` is gated), so the page opens.
  if (kept) return <ConversionTable initialLanguage={language} />;
  return (
    <GatedPage feature={GATE.feature} title={GATE.title}>
      <ConversionTable initialLanguage={language} />
    </GatedPage>
  );
}
