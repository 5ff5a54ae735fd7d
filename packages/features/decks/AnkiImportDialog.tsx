/** Import from Anki or CSV: choose a file, watch it upload, read what was imported. */
import {
  ANKI_ACCEPT,
  type AnkiImportSummary,
  isApiRequestError,
  type UploadProgress,
  useImportAnkiPackage,
} from '@memoria/api';
import { Button, Dialog, PlusIcon, ProgressBar } from '@memoria/ui';
import { type FormEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FIELD_ERROR_MESSAGES } from '../shared/errors.ts';
import { FormError } from './DeckDialogs.tsx';
import * as s from './decks.css.ts';
import { errorText } from './errors.ts';
import { deckHref } from './href.ts';

type SkipReason = AnkiImportSummary['skipped'][number]['reason'];

/** What was imported, and how many notes were skipped for each reason. */
export function ImportSummary({ summary }: { summary: AnkiImportSummary }) {
  const skipped = new Map<SkipReason, number>();
  for (const s of summary.skipped) skipped.set(s.reason, (skipped.get(s.reason) ?? 0) + 1);
  return (
    <div className={s.form} role="status">
      <p>
        <FormattedMessage
          id="decks.import.summary"
          values={{
            desks: summary.desks.length,
            cards: summary.cards_imported,
            reviews: summary.reviews_imported,
          }}
        />
      </p>
      {summary.desks.length > 0 ? (
        <ul className={s.importList}>
          {summary.desks.map((deck) => (
            <li key={deck.id}>
              <a className={s.deckLink} href={deckHref(deck.id)}>
                {deck.name}
              </a>{' '}
              <FormattedMessage id="decks.cardsCount" values={{ count: deck.cards }} />
            </li>
          ))}
        </ul>
      ) : null}
      {skipped.size > 0 ? (
        <div>
          <p>
            <FormattedMessage
              id="decks.import.skipped"
              values={{ count: summary.skipped.length }}
            />
          </p>
          <ul className={s.importList}>
            {[...skipped].map(([reason, count]) => (
              <li key={reason}>
                <FormattedMessage id={`decks.import.skipped.${reason}`} values={{ count }} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * An import's progress: the bytes uploaded, then (the server reading and writing the package) an
 * indeterminate bar.
 */
export function ImportProgress({ progress }: { progress: UploadProgress | null }) {
  const intl = useIntl();
  if (progress !== null && progress.loaded >= progress.total) {
    return <ProgressBar label={intl.formatMessage({ id: 'decks.import.processing' })} />;
  }
  return (
    <ProgressBar
      label={intl.formatMessage({ id: 'decks.import.uploading' })}
      value={progress?.loaded ?? 0}
      max={progress?.total || 1}
      showValue
    />
  );
}

/** A refused CSV file's bad rows (`rows.<n>` or `rows.<n>.<column>`), in the server's order. */
function csvRowErrors(error: unknown): { row: number; column?: string; key: string }[] {
  if (!isApiRequestError(error)) return [];
  return Object.entries(error.fieldCodes).flatMap(([field, codes]) => {
    const match = /^rows\.(\d+)(?:\.(\w+))?$/.exec(field);
    const code = codes[0];
    if (!match || !code) return [];
    return [{ row: Number(match[1]), column: match[2], key: FIELD_ERROR_MESSAGES[code] }];
  });
}

/** Each bad row of a refused CSV file: its number, column and why. */
export function CsvRowErrors({ error }: { error: unknown }) {
  const intl = useIntl();
  const rows = csvRowErrors(error);
  if (rows.length === 0) return null;
  return (
    <div role="alert" className={s.alert}>
      <p>
        <FormattedMessage
          id="decks.import.csv.rowErrors"
          values={{ count: new Set(rows.map((r) => r.row)).size }}
        />
      </p>
      <ul className={s.importList}>
        {rows.map(({ row, column, key }) => (
          <li key={`${row}.${column ?? ''}`}>
            <FormattedMessage
              id={column ? 'decks.import.csv.rowColumn' : 'decks.import.csv.row'}
              values={{ row, column, reason: intl.formatMessage({ id: key }) }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Size of a file for people: KB below a megabyte, else MB. */
function fileSize(intl: ReturnType<typeof useIntl>, bytes: number): string {
  const mb = bytes >= 1024 * 1024;
  return intl.formatNumber(mb ? bytes / 1024 / 1024 : Math.max(1, bytes / 1024), {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  });
}

/**
 * The Import dialog of `/space-repetition` (opened from `DeckList`, mounted by `DeckListIsland`):
 * the learner picks an Anki package (`.apkg` or `.colpkg`, with its notes, scheduling history and
 * media) or a `.csv` file (the deck export's format, or `front,back`) and imports it as new decks.
 *
 * **Use it** to bring existing cards into Memoria from Anki or a spreadsheet. **Don't use it** to
 * add cards one by one (the card editor of `DeckDetail`) or to make cards from text or photos
 * (`GenerateCards`).
 *
 * **API calls and states.**
 * - No file yet: Import is disabled (`ImportChoose`); a file chosen shows its name and size
 *   (`ImportChosen`).
 * - Import sends a package with `POST /space-repetition/anki-import/`, a CSV file with
 *   `POST /space-repetition/csv-import/` (one new deck). While it runs: a progress bar of the bytes
 *   sent (`ImportUploading`), then an indeterminate bar while the server imports
 *   (`ImportProcessing`).
 * - Done: the summary of decks (links), cards and reviews imported and the notes skipped by reason,
 *   and Close (`ImportDone`, `CsvDone`). The reasons: cloze notes, empty sides, a side over 5000
 *   characters, and a side whose only content is an image the package lacks (`missing_media`) or a
 *   sound or video (`unsupported_media`), or a card template the reader cannot render
 *   (`unsupported_template`), these three in `ImportDoneMediaSkipped` and
 *   `SpanishDoneMediaSkipped`.
 * - Refused: the reason's message from `field_codes.file` (`ImportRefusedNotAZip`,
 *   `ImportRefusedNoCollection`, `ImportRefusedCorrupt`, `ImportRefusedTooLarge`,
 *   `ImportRefusedTooManyCards`, `ImportRefusedMediaType`, `ImportRefusedNoFile`,
 *   `CsvRefusedNotUtf8`; an unreadable media map or media file, `anki_corrupt_media`:
 *   `ImportRefusedCorruptMedia`, `SpanishRefusedCorruptMedia`), or for a CSV file each bad row with
 *   its number, column and why (`CsvRefusedRows`); the learner may pick another file.
 *
 * **Accessibility.** A modal `Dialog`: focus starts on the file input, Escape and Cancel close it,
 * focus returns to what opened it. The file input is labelled by the field's name and its "Choose a
 * file" label, which shows it as a button (Enter or Space opens the system's file picker). The
 * progress bar is `role="progressbar"` with its values; the summary is `role="status"` and an error
 * `role="alert"`, so both are announced.
 */
export function AnkiImportDialog({
  open,
  onClose,
  initialFile = null,
}: {
  /** Shown when true. */
  open: boolean;
  /** Cancel, Close after an import, Escape or the close button. */
  onClose: () => void;
  /** A file already chosen (stories). */
  initialFile?: File | null;
}) {
  const intl = useIntl();
  const id = useId();
  const [file, setFile] = useState<File | null>(initialFile);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const importing = useImportAnkiPackage(setProgress);
  const summary = importing.data;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setProgress(null);
    importing.mutate(file);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="md"
      title={<FormattedMessage id={summary ? 'decks.import.doneTitle' : 'decks.import.title'} />}
      description={summary ? undefined : <FormattedMessage id="decks.import.description" />}
      actions={
        summary ? (
          <Button onClick={onClose}>
            <FormattedMessage id="decks.import.close" />
          </Button>
        ) : (
          <>
            <Button variant="text" onClick={onClose}>
              <FormattedMessage id="decks.action.cancel" />
            </Button>
            <Button
              type="submit"
              form={`${id}-form`}
              disabled={!file}
              loading={importing.isPending}
            >
              <FormattedMessage id="decks.import.start" />
            </Button>
          </>
        )
      }
    >
      {summary ? (
        <ImportSummary summary={summary} />
      ) : (
        <form id={`${id}-form`} className={s.form} onSubmit={onSubmit} noValidate>
          <div className={s.fileInputLabel}>
            <span id={`${id}-label`}>
              <FormattedMessage id="decks.import.file" />
            </span>
            <input
              id={`${id}-file`}
              className={s.fileInput}
              aria-labelledby={`${id}-label ${id}-choose`}
              type="file"
              accept={ANKI_ACCEPT}
              disabled={importing.isPending}
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                importing.reset();
              }}
            />
            <label htmlFor={`${id}-file`} id={`${id}-choose`} className={s.filePicker}>
              <PlusIcon size={18} />
              <FormattedMessage id="decks.import.choose" />
            </label>
            {file ? (
              <p className={s.note}>
                <FormattedMessage
                  id="decks.import.chosen"
                  values={{ name: file.name, size: fileSize(intl, file.size) }}
                />
              </p>
            ) : null}
          </div>
          {importing.isPending ? <ImportProgress progress={progress} /> : null}
          {csvRowErrors(importing.error).length > 0 ? (
            <CsvRowErrors error={importing.error} />
          ) : (
            <FormError text={importing.isError ? errorText(intl, importing.error) : null} />
          )}
        </form>
      )}
    </Dialog>
  );
}
