/**
 * Generate cards from pasted text, uploaded images or camera photos (`generate_cards`, OCR can
 * take seconds: a progress bar shows), then review the proposals — keep, edit inline — and save
 * the kept ones one `createCard` at a time with progress. A failed card stays listed with its
 * reason, so nothing is lost. The state machine is `useCardGenerator`; this file renders it.
 */
import { Button, ProgressBar, RichContent, TextArea, TextField } from '@memoria/ui';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AttachedFilesList } from './AttachedFilesList.tsx';
import { CameraCaptureDialog, type GetUserMedia } from './CameraCaptureDialog.tsx';
import { clozeHtmlOfEditing, clozePreviewHtml, clozeTextForEditing } from './clozeText.ts';
import { FormError } from './DeckDialogs.tsx';
import * as s from './decks.css.ts';
import { ImagePicker } from './ImagePicker.tsx';
import {
  type CardGenerator,
  type GeneratorStart,
  isClozeNote,
  type Proposal,
  useCardGenerator,
} from './useCardGenerator.ts';

export type { Proposal } from './useCardGenerator.ts';

export interface GenerateCardsProps {
  /** The deck the saved cards go to. */
  deckId: number;
  /** Called after cards were saved (how many). */
  onSaved?: (count: number) => void;
  /** Adds Close to the section's header (disabled while it works). */
  onClose?: () => void;
  /** Starting state, for stories: text, attached files, proposals; `start` generates at once. */
  initial?: GeneratorStart;
  /** The camera for photos; defaults to the browser's (stories pass their own). */
  getUserMedia?: GetUserMedia;
}

/**
 * Makes cards from pasted text, uploaded images or camera photos (read with OCR), then lets the
 * learner keep, edit and save the proposals. A section of `DeckDetail` in `DeckDetailIsland`,
 * opened with Generate cards on a deck the learner can edit.
 *
 * **Use it** to turn notes, a page or a photo into many cards at once, reviewed before they are
 * saved. **Don't use it** for one card typed by hand (the card editor) or for importing an existing
 * deck (`AnkiImportDialog`).
 *
 * **API calls and states.**
 * - The sources: a text (`Source`) and attached images or photos, each removable
 *   (`WithAttachedFiles`); with neither, Generate says "Please provide either text or an image" and
 *   sends nothing (`NothingToGenerate`).
 * - Make: "Cards" (today's term–definition, question and one-blank cards) or "Cloze notes" (each
 *   sentence a cloze note hiding its dates, numbers, names or key term, `output: cloze`).
 * - `POST /space-repetition/desks/{id}/generate_cards/` once per source, in the page's language: a
 *   progress bar says which source is being read (`InProgress`). Then the proposals to review, each
 *   with Keep and editable front and back (`Proposals`), a cloze note with its editable text and a
 *   preview marking each deletion and its card number (`ClozeProposals`); an image whose read failed or had no text
 *   is named in an alert above, the other sources' cards stay (`OcrFailure`); no card found in any
 *   source: "No cards could be made from this…".
 * - Save sends one `POST /space-repetition/cards/` per kept card (`POST /space-repetition/notes/`
 *   per kept cloze note) with a progress bar; saved cards
 *   leave the list, a card that fails stays listed with its reason, so nothing is lost; the deck's
 *   counts and lists refresh.
 *
 * **Accessibility.** A section headed "Generate cards" (`h2`), `aria-busy` while it works. The text
 * is a labelled `TextArea`; the image picker is a labelled file input shown as a button; Camera
 * opens `CameraCaptureDialog`. Each proposal has a checkbox named "Keep card N" and fields labelled
 * "Front N" and "Back N". The number of cards found and the save summary are read from a polite
 * live region; the progress bars are `role="progressbar"`; failures are `role="alert"`.
 */
export function GenerateCards({
  deckId,
  onSaved,
  onClose,
  initial,
  getUserMedia,
}: GenerateCardsProps) {
  const generator = useCardGenerator({ deckId, initial, onSaved });
  const [cameraOpen, setCameraOpen] = useState(false);
  const { phase, busy } = generator;

  return (
    <section className={s.section} aria-labelledby="generate-title" aria-busy={busy}>
      <div className={s.header}>
        <h2 id="generate-title" className={s.sectionTitle}>
          <FormattedMessage id="decks.generate.title" />
        </h2>
        {onClose ? (
          <Button variant="text" size="sm" onClick={onClose} disabled={busy}>
            <FormattedMessage id="decks.action.close" />
          </Button>
        ) : null}
      </div>
      <p className={s.visuallyHiddenLive} aria-live="polite">
        {generator.announce}
      </p>
      {phase.kind === 'source' || phase.kind === 'generating' ? (
        <SourceForm generator={generator} onCamera={() => setCameraOpen(true)} />
      ) : (
        <ProposalReview generator={generator} />
      )}
      {cameraOpen ? (
        <CameraCaptureDialog
          open
          onClose={() => setCameraOpen(false)}
          onCapture={(file) => generator.addFiles([file])}
          getUserMedia={getUserMedia}
        />
      ) : null}
    </section>
  );
}

function SourceErrors({ messages }: { messages: string[] }) {
  return messages.map((message) => (
    <p key={message} role="alert" className={s.alert}>
      {message}
    </p>
  ));
}

/** The text, the images and Generate, with the progress of a generation that runs. */
function SourceForm({ generator, onCamera }: { generator: CardGenerator; onCamera: () => void }) {
  const intl = useIntl();
  const { phase, busy } = generator;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void generator.run();
  };
  return (
    <form className={s.form} onSubmit={onSubmit} noValidate>
      <FormError text={generator.error} />
      <SourceErrors messages={generator.sourceErrors} />
      <TextArea
        label={intl.formatMessage({ id: 'decks.generate.text' })}
        helperText={intl.formatMessage({ id: 'decks.generate.textHint' })}
        name="text"
        rows={5}
        maxLength={20000}
        value={generator.text}
        disabled={busy}
        onChange={(event) => generator.setText(event.target.value)}
      />
      <div className={s.toolbar}>
        <ImagePicker
          multiple
          label={intl.formatMessage({ id: 'decks.generate.image' })}
          onPicked={generator.addFiles}
        />
        <Button variant="secondary" onClick={onCamera} disabled={busy}>
          <FormattedMessage id="decks.generate.camera" />
        </Button>
      </div>
      <p className={s.note}>
        <FormattedMessage id="decks.generate.imageHint" />
      </p>
      <fieldset className={s.outputKinds} disabled={busy}>
        <legend className={s.outputLegend}>
          <FormattedMessage id="decks.generate.output" />
        </legend>
        {(['cards', 'cloze'] as const).map((kind) => (
          <label key={kind} className={s.checkRow}>
            <input
              type="radio"
              name="output"
              value={kind}
              checked={generator.output === kind}
              onChange={() => generator.setOutput(kind)}
            />
            <FormattedMessage id={`decks.generate.output.${kind}`} />
          </label>
        ))}
      </fieldset>
      <AttachedFilesList files={generator.files} disabled={busy} onRemove={generator.removeFile} />
      {phase.kind === 'generating' ? (
        <ProgressBar
          label={intl.formatMessage(
            { id: phase.image ? 'decks.generate.readingImage' : 'decks.generate.generating' },
            { step: phase.step, total: phase.total },
          )}
          {...(phase.total > 1 ? { value: phase.step - 1, max: phase.total } : {})}
        />
      ) : null}
      <div className={s.actions}>
        <Button type="submit" loading={busy}>
          <FormattedMessage id="decks.generate.submit" />
        </Button>
      </div>
    </form>
  );
}

/** The proposals to keep and edit, Save (with its progress) and Discard. */
function ProposalReview({ generator }: { generator: CardGenerator }) {
  const intl = useIntl();
  const { phase, busy, proposals, kept, edit } = generator;
  return (
    <div className={s.form}>
      <SourceErrors messages={generator.sourceErrors} />
      <p className={s.note}>
        <FormattedMessage
          id="decks.generate.reviewHint"
          values={{ count: proposals.length, kept: kept.length }}
        />
      </p>
      <div className={s.actions}>
        <Button variant="text" size="sm" disabled={busy} onClick={() => generator.keepAll(true)}>
          <FormattedMessage id="decks.generate.selectAll" />
        </Button>
        <Button variant="text" size="sm" disabled={busy} onClick={() => generator.keepAll(false)}>
          <FormattedMessage id="decks.generate.selectNone" />
        </Button>
      </div>
      <ul className={s.proposals}>
        {proposals.map((p, index) => (
          <li key={p.key} className={s.proposal}>
            <span className={s.proposalCheck}>
              <input
                type="checkbox"
                checked={p.keep}
                disabled={busy}
                aria-label={intl.formatMessage({ id: 'decks.generate.keep' }, { index: index + 1 })}
                onChange={(event) => edit(p.key, { keep: event.target.checked })}
              />
            </span>
            {isClozeNote(p) ? (
              <ClozeProposalFields proposal={p} index={index} generator={generator} />
            ) : (
              <>
                <TextField
                  label={intl.formatMessage({ id: 'decks.generate.front' }, { index: index + 1 })}
                  value={p.front}
                  disabled={busy}
                  onChange={(event) => edit(p.key, { front: event.target.value })}
                />
                <TextField
                  className={s.proposalBack}
                  label={intl.formatMessage({ id: 'decks.generate.back' }, { index: index + 1 })}
                  value={p.back}
                  disabled={busy}
                  onChange={(event) => edit(p.key, { back: event.target.value })}
                />
              </>
            )}
            {p.status === 'failed' ? (
              <p className={s.proposalStatus}>
                <FormattedMessage id="decks.generate.cardFailed" values={{ reason: p.error }} />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {phase.kind === 'saving' ? (
        <ProgressBar
          label={intl.formatMessage(
            { id: 'decks.generate.saving' },
            { done: phase.done, total: phase.total },
          )}
          value={phase.done}
          max={phase.total}
        />
      ) : null}
      <div className={s.actions}>
        <Button onClick={generator.save} loading={busy} disabled={kept.length === 0}>
          <FormattedMessage id="decks.generate.save" values={{ count: kept.length }} />
        </Button>
        <Button variant="text" disabled={busy} onClick={generator.discard}>
          <FormattedMessage id="decks.generate.discard" />
        </Button>
      </div>
    </div>
  );
}

/** A cloze note proposal: its text (deletions as `{{c1::…}}`) and a preview of what it hides. */
function ClozeProposalFields({
  proposal,
  index,
  generator,
}: {
  proposal: Proposal & { note: NonNullable<Proposal['note']> };
  index: number;
  generator: CardGenerator;
}) {
  const intl = useIntl();
  const { note } = proposal;
  const text = note.fields.text ?? '';
  const extra = note.fields.extra ?? '';
  const previewLabel = intl.formatMessage({ id: 'decks.generate.preview' }, { index: index + 1 });
  return (
    <div className={s.clozeProposal}>
      <TextArea
        label={intl.formatMessage({ id: 'decks.generate.clozeText' }, { index: index + 1 })}
        helperText={intl.formatMessage({ id: 'decks.generate.clozeHint' })}
        rows={2}
        value={clozeTextForEditing(text)}
        disabled={generator.busy}
        onChange={(event) =>
          generator.edit(proposal.key, {
            note: {
              ...note,
              fields: { ...note.fields, text: clozeHtmlOfEditing(event.target.value) },
            },
          })
        }
      />
      <section className={s.clozePreview} aria-label={previewLabel}>
        <RichContent html={clozePreviewHtml(text)} replayKey={false} />
        {extra ? <RichContent className={s.note} html={extra} replayKey={false} /> : null}
      </section>
    </div>
  );
}
