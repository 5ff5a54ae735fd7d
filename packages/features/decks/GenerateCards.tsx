/**
 * Generate cards from pasted text, uploaded images or camera photos (`generate_cards`, OCR can
 * take seconds: a progress bar shows), then review the proposals — keep, edit inline — and save
 * the kept ones one `createCard` at a time with progress. A failed card stays listed with its
 * reason, so nothing is lost.
 */
import {
  createCard,
  type GeneratedCard,
  queryKeys,
  spaceRepetitionKeys,
  useGenerateCards,
} from '@memoria/api';
import { Button, ProgressBar, TextArea, TextField } from '@memoria/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../shared/IslandRoot.tsx';
import { AttachedFilesList } from './AttachedFilesList.tsx';
import { CameraCaptureDialog, type GetUserMedia } from './CameraCaptureDialog.tsx';
import { FormError } from './DeckDialogs.tsx';
import * as s from './decks.css.ts';
import { errorText } from './errors.ts';
import type { AttachedFile } from './files.ts';
import { ImagePicker } from './ImagePicker.tsx';
import { validateGenerationSource } from './validation.ts';

export type Proposal = GeneratedCard & {
  key: string;
  keep: boolean;
  status: 'pending' | 'saving' | 'failed';
  error?: string | undefined;
};

type Phase =
  | { kind: 'source' }
  | { kind: 'generating'; step: number; total: number; image: boolean }
  | { kind: 'proposals' }
  | { kind: 'saving'; done: number; total: number };

let proposalCounter = 0;
const toProposal = (card: GeneratedCard): Proposal => {
  proposalCounter += 1;
  return { ...card, key: `p${proposalCounter}`, keep: true, status: 'pending' };
};

export interface GenerateCardsProps {
  /** The deck the saved cards go to. */
  deckId: number;
  /** Called after cards were saved (how many). */
  onSaved?: (count: number) => void;
  /** Adds Close to the section's header (disabled while it works). */
  onClose?: () => void;
  /** Starting state, for stories: text, attached files, proposals; `start` generates at once. */
  initial?: {
    text?: string;
    files?: AttachedFile[];
    proposals?: GeneratedCard[];
    start?: boolean;
    /** Show the progress of a generation that is running. */
    generating?: { step: number; total: number; image: boolean };
  };
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
 * - `POST /space-repetition/desks/{id}/generate_cards/` once per source, in the page's language: a
 *   progress bar says which source is being read (`InProgress`). Then the proposals to review, each
 *   with Keep and editable front and back (`Proposals`); an image whose read failed or had no text
 *   is named in an alert above, the other sources' cards stay (`OcrFailure`); no card found in any
 *   source: "No cards could be made from this…".
 * - Save sends one `POST /space-repetition/cards/` per kept card with a progress bar; saved cards
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
  const intl = useIntl();
  const locale = useLocale();
  const client = useQueryClient();
  const generate = useGenerateCards();
  const [text, setText] = useState(initial?.text ?? '');
  const [files, setFiles] = useState<AttachedFile[]>(initial?.files ?? []);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>(
    initial?.generating
      ? { kind: 'generating', ...initial.generating }
      : initial?.proposals
        ? { kind: 'proposals' }
        : { kind: 'source' },
  );
  const [proposals, setProposals] = useState<Proposal[]>(
    () => initial?.proposals?.map(toProposal) ?? [],
  );
  const [error, setError] = useState<string | null>(null);
  const [sourceErrors, setSourceErrors] = useState<string[]>([]);
  const [announce, setAnnounce] = useState('');
  const started = useRef(false);

  const run = async () => {
    const invalid = validateGenerationSource(text, files.length);
    if (invalid) {
      setError(intl.formatMessage({ id: invalid }));
      return;
    }
    setError(null);
    setSourceErrors([]);
    const sources: ({ kind: 'text'; text: string } | { kind: 'image'; file: AttachedFile })[] = [
      ...(text.trim() ? [{ kind: 'text' as const, text: text.trim() }] : []),
      ...files.map((file) => ({ kind: 'image' as const, file })),
    ];
    const found: Proposal[] = [];
    const failures: string[] = [];
    for (const [index, source] of sources.entries()) {
      setPhase({
        kind: 'generating',
        step: index + 1,
        total: sources.length,
        image: source.kind === 'image',
      });
      try {
        const result = await generate.mutateAsync({
          id: deckId,
          language: locale,
          ...(source.kind === 'text' ? { text: source.text } : { image: source.file.dataUrl }),
        });
        if (result.cards.length === 0 && source.kind === 'image') {
          failures.push(
            intl.formatMessage({ id: 'decks.generate.noText' }, { name: source.file.name }),
          );
        }
        found.push(...result.cards.map(toProposal));
      } catch (failure) {
        failures.push(
          source.kind === 'image'
            ? intl.formatMessage(
                { id: 'decks.generate.imageFailed' },
                { name: source.file.name, reason: errorText(intl, failure) },
              )
            : errorText(intl, failure),
        );
      }
    }
    setSourceErrors(failures);
    if (found.length === 0) {
      setPhase({ kind: 'source' });
      if (failures.length === 0) setError(intl.formatMessage({ id: 'decks.generate.none' }));
      return;
    }
    setProposals((current) => [...current.filter((p) => p.status === 'failed'), ...found]);
    setPhase({ kind: 'proposals' });
    setAnnounce(intl.formatMessage({ id: 'decks.generate.found' }, { count: found.length }));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: generate once on mount when asked (stories)
  useEffect(() => {
    if (initial?.start && !started.current) {
      started.current = true;
      void run();
    }
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };

  const kept = proposals.filter((p) => p.keep);

  const save = async () => {
    const todo = kept;
    if (todo.length === 0) return;
    let done = 0;
    let saved = 0;
    setPhase({ kind: 'saving', done, total: todo.length });
    for (const proposal of todo) {
      setProposals((list) =>
        list.map((p) =>
          p.key === proposal.key ? { ...p, status: 'saving', error: undefined } : p,
        ),
      );
      try {
        await createCard({
          desk_id: deckId,
          front: proposal.front.trim(),
          back: proposal.back.trim(),
        });
        saved += 1;
        setProposals((list) => list.filter((p) => p.key !== proposal.key));
      } catch (failure) {
        const reason = errorText(intl, failure);
        setProposals((list) =>
          list.map((p) => (p.key === proposal.key ? { ...p, status: 'failed', error: reason } : p)),
        );
      }
      done += 1;
      setPhase({ kind: 'saving', done, total: todo.length });
    }
    await Promise.all([
      client.invalidateQueries({ queryKey: spaceRepetitionKeys.decks() }),
      client.invalidateQueries({ queryKey: spaceRepetitionKeys.deckCardsAll(deckId) }),
      client.invalidateQueries({ queryKey: spaceRepetitionKeys.dueAll() }),
      client.invalidateQueries({ queryKey: queryKeys.search.all }),
    ]);
    const failed = todo.length - saved;
    setAnnounce(intl.formatMessage({ id: 'decks.generate.savedSummary' }, { saved, failed }));
    if (saved > 0) onSaved?.(saved);
    if (failed === 0) {
      setProposals((list) => list.filter((p) => !p.keep));
      setText('');
      setFiles([]);
      setPhase({ kind: 'source' });
    } else {
      setPhase({ kind: 'proposals' });
    }
  };

  const edit = (key: string, patch: Partial<Proposal>) =>
    setProposals((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  const busy = phase.kind === 'generating' || phase.kind === 'saving';

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
        {announce}
      </p>

      {phase.kind === 'source' || phase.kind === 'generating' ? (
        <form className={s.form} onSubmit={onSubmit} noValidate>
          <FormError text={error} />
          {sourceErrors.map((message) => (
            <p key={message} role="alert" className={s.alert}>
              {message}
            </p>
          ))}
          <TextArea
            label={intl.formatMessage({ id: 'decks.generate.text' })}
            helperText={intl.formatMessage({ id: 'decks.generate.textHint' })}
            name="text"
            rows={5}
            maxLength={20000}
            value={text}
            disabled={busy}
            onChange={(event) => setText(event.target.value)}
          />
          <div className={s.toolbar}>
            <ImagePicker
              multiple
              label={intl.formatMessage({ id: 'decks.generate.image' })}
              onPicked={(picked) => setFiles((list) => [...list, ...picked])}
            />
            <Button variant="secondary" onClick={() => setCameraOpen(true)} disabled={busy}>
              <FormattedMessage id="decks.generate.camera" />
            </Button>
          </div>
          <p className={s.note}>
            <FormattedMessage id="decks.generate.imageHint" />
          </p>
          <AttachedFilesList
            files={files}
            disabled={busy}
            onRemove={(id) => setFiles((list) => list.filter((f) => f.id !== id))}
          />
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
      ) : (
        <div className={s.form}>
          {sourceErrors.map((message) => (
            <p key={message} role="alert" className={s.alert}>
              {message}
            </p>
          ))}
          <p className={s.note}>
            <FormattedMessage
              id="decks.generate.reviewHint"
              values={{ count: proposals.length, kept: kept.length }}
            />
          </p>
          <div className={s.actions}>
            <Button
              variant="text"
              size="sm"
              disabled={busy}
              onClick={() => setProposals((l) => l.map((p) => ({ ...p, keep: true })))}
            >
              <FormattedMessage id="decks.generate.selectAll" />
            </Button>
            <Button
              variant="text"
              size="sm"
              disabled={busy}
              onClick={() => setProposals((l) => l.map((p) => ({ ...p, keep: false })))}
            >
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
                    aria-label={intl.formatMessage(
                      { id: 'decks.generate.keep' },
                      { index: index + 1 },
                    )}
                    onChange={(event) => edit(p.key, { keep: event.target.checked })}
                  />
                </span>
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
            <Button onClick={save} loading={busy} disabled={kept.length === 0}>
              <FormattedMessage id="decks.generate.save" values={{ count: kept.length }} />
            </Button>
            <Button
              variant="text"
              disabled={busy}
              onClick={() => {
                setProposals([]);
                setPhase({ kind: 'source' });
              }}
            >
              <FormattedMessage id="decks.generate.discard" />
            </Button>
          </div>
        </div>
      )}
      {cameraOpen ? (
        <CameraCaptureDialog
          open
          onClose={() => setCameraOpen(false)}
          onCapture={(file) => setFiles((list) => [...list, file])}
          getUserMedia={getUserMedia}
        />
      ) : null}
    </section>
  );
}
