/**
 * The learner's own Major-System table on `/conversion-table`: a word for each number 00–99,
 * prefilled with the dictionary's best suggestion until they save their own, and a CSV export.
 */
import {
  fieldErrorCodes,
  type MajorTable,
  type MnemonicsLocale,
  TABLE_WORD_MAX,
  useMajorTable,
  useSaveMajorTable,
} from '@memoria/api';
import { Button, Card, ErrorState, Skeleton, TextField } from '@memoria/ui';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { errorMessage, FIELD_ERROR_MESSAGES } from '../shared/errors.ts';
import { useApiForm } from '../shared/useApiForm.ts';
import * as s from './conversion.css.ts';
import { downloadCsv, tableRows, toCsv } from './csv.ts';

/** What each field shows when the table is read: the saved word, else the first suggestion. */
const initialWords = (table: MajorTable) =>
  Object.fromEntries(table.entries.map((e) => [e.digits, e.word ?? e.suggestions[0] ?? '']));

/** The entries whose field differs from what is saved (prefilled suggestions included). */
const changedEntries = (table: MajorTable, words: Record<string, string>) =>
  table.entries.filter((e) => (words[e.digits] ?? '').trim() !== (e.word ?? ''));

/** A failed save's word errors by number: `entries.<i>.word` names the i-th entry sent. */
function rowErrorsOf(
  intl: IntlShape,
  failure: unknown,
  sent: readonly { digits: string }[],
): Record<string, string> {
  const rowErrors: Record<string, string> = {};
  for (const [field, codes] of Object.entries(fieldErrorCodes(failure))) {
    const match = /^entries\.(\d+)\.(word|digits)$/.exec(field);
    const digits = match ? sent[Number(match[1])]?.digits : undefined;
    const code = codes[0];
    if (digits && code) rowErrors[digits] = intl.formatMessage({ id: FIELD_ERROR_MESSAGES[code] });
  }
  return rowErrors;
}

function TableForm({ table }: { table: MajorTable }) {
  const intl = useIntl();
  const save = useSaveMajorTable();
  const form = useApiForm({
    initial: () => initialWords(table),
    // A word's error goes under its number (`rowErrors`), not under a field the server names.
    fields: [],
    failedId: 'errors.code.internal_error',
    submit: (words: Record<string, string>) =>
      save.mutateAsync({
        language: table.language,
        entries: changedEntries(table, words).map((entry) => ({
          digits: entry.digits,
          word: (words[entry.digits] ?? '').trim(),
        })),
      }),
    onSuccess: (saved) => {
      form.setValues(initialWords(saved));
    },
    // Words that do not encode their number show under their fields, nothing in the banner.
    onFailure: (failure, words) =>
      Object.keys(rowErrorsOf(intl, failure, changedEntries(table, words))).length > 0,
  });
  const words = form.values;
  const changed = changedEntries(table, words);
  const savedCount = table.entries.filter((e) => e.word).length;
  const rowErrors = rowErrorsOf(intl, save.error, save.variables?.entries ?? []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (changed.length > 0) void form.onSubmit();
  };
  const exportCsv = () => {
    const header = [
      intl.formatMessage({ id: 'conversionTable.own.csv.number' }),
      intl.formatMessage({ id: 'conversionTable.own.csv.word' }),
    ] as const;
    downloadCsv(`major-system-table-${table.language}.csv`, toCsv(tableRows(table, header)));
  };

  return (
    <form onSubmit={submit} noValidate className={s.ownForm}>
      <ul className={s.ownGrid}>
        {table.entries.map((entry) => (
          <li key={entry.digits}>
            <TextField
              label={entry.digits}
              aria-label={intl.formatMessage(
                { id: 'conversionTable.own.wordFor' },
                { number: entry.digits },
              )}
              {...form.bind(entry.digits)}
              maxLength={TABLE_WORD_MAX}
              autoComplete="off"
              list={`own-suggestions-${entry.digits}`}
              helperText={
                entry.word ? undefined : intl.formatMessage({ id: 'conversionTable.own.suggested' })
              }
              error={rowErrors[entry.digits]}
            />
            <datalist id={`own-suggestions-${entry.digits}`}>
              {entry.suggestions.map((word) => (
                <option key={word} value={word} />
              ))}
            </datalist>
          </li>
        ))}
      </ul>
      {form.banner ? (
        <p role="alert" className={s.saveError}>
          {form.banner}
        </p>
      ) : null}
      <div className={s.ownActions}>
        <Button type="submit" loading={form.pending} disabled={changed.length === 0}>
          <FormattedMessage id="conversionTable.own.save" values={{ count: changed.length }} />
        </Button>
        <Button variant="secondary" onClick={exportCsv} disabled={savedCount === 0}>
          <FormattedMessage id="conversionTable.own.export" />
        </Button>
        <span className={s.muted} aria-live="polite">
          {save.isSuccess && changed.length === 0 ? (
            <FormattedMessage id="conversionTable.own.saved" values={{ count: savedCount }} />
          ) : (
            <FormattedMessage id="conversionTable.own.count" values={{ count: savedCount }} />
          )}
        </span>
      </div>
    </form>
  );
}

/**
 * The learner's own Major-System table on `/conversion-table`, below the converter in
 * `ConversionTableIsland`: a word for each number from 00 to 99, prefilled with the saved word or
 * the dictionary's best suggestion (marked "Suggestion"; the other suggestions are in the field's
 * list), saved for the learner and exported as CSV.
 *
 * **Use it** where the learner keeps their own fixed words for the numbers 00–99, in the language
 * of the page's table. **Don't use it** to convert arbitrary numbers (`ConversionTable`) or to show
 * the digit sounds (`DigitTable`).
 *
 * **API calls and states.**
 * - Closed, it reads nothing: only the "Edit your table" button shows (`Closed`).
 * - `GET conversiontable/table/` once opened: a skeleton while it loads (`Loading`); the 100 fields
 *   with the saved words and the rest prefilled (`Default`) or all suggestions when nothing is
 *   saved yet (`NothingSaved`); a failed read shows its message and Retry (`LoadError`).
 * - `PUT conversiontable/table/` with only the fields that differ from what is saved; Save counts
 *   them and is disabled when there are none. A word whose sounds do not encode its number gets its
 *   message under that field and nothing is saved (`WrongWord`); another failure shows its message
 *   above the buttons; success says how many words are saved (`Saved`).
 * - Export CSV downloads the saved words (UTF-8, quoted, formula-safe), in the browser; disabled
 *   while nothing is saved.
 *
 * **Accessibility.** A native form: Enter in a field saves. Each field is named "Word for NN" and
 * offers its suggestions as a native list (the browser's arrow keys open it); its "Suggestion" hint
 * and its error are linked to it (`aria-describedby`, `aria-invalid`). The count of saved words is
 * a polite live region, so a save is announced; a failed read or save is `role="alert"`.
 */
export function OwnTable({
  language,
  defaultOpen = false,
}: {
  /** Whose table: the English or the Spanish one (each language has its own words). */
  language: MnemonicsLocale;
  /** Show the 100 fields at once; closed, a button opens them (and only then are they read). */
  defaultOpen?: boolean;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(defaultOpen);
  const table = useMajorTable(language, { enabled: open });
  let body: React.ReactNode;
  if (!open) {
    body = (
      <div className={s.ownActions}>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <FormattedMessage id="conversionTable.own.open" />
        </Button>
      </div>
    );
  } else if (table.isPending) {
    body = (
      <Skeleton
        variant="rect"
        height={240}
        label={intl.formatMessage({ id: 'conversionTable.own.loading' })}
      />
    );
  } else if (table.isError) {
    body = (
      <ErrorState
        description={errorMessage(intl, table.error)}
        retryLabel={<FormattedMessage id="conversionTable.retry" />}
        onRetry={() => table.refetch()}
      />
    );
  } else {
    body = <TableForm key={language} table={table.data} />;
  }
  return (
    <Card as="section" title={<FormattedMessage id="conversionTable.own.title" />}>
      <p className={s.muted}>
        <FormattedMessage id="conversionTable.own.description" />
      </p>
      {body}
    </Card>
  );
}
