/**
 * The state machine of `GenerateCards`: the sources (text, attached images), the phase (source,
 * generating, proposals, saving), the proposals to review and the messages. Generation runs one
 * `generate_cards` per source (in the chosen output kind, cards or cloze notes); saving one
 * `createCard` per kept card, or `createNote` per kept cloze note, a failed one staying listed
 * with its reason.
 */
import {
  createCard,
  createNote,
  type GeneratedCard,
  type GeneratedNote,
  type GenerationOutput,
  invalidateAndRefetch,
  queryKeys,
  spaceRepetitionKeys,
  useGenerateCards,
} from '@memoria/api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { useLocale } from '../shared/IslandRoot.tsx';
import { errorText } from './errors.ts';
import type { AttachedFile } from './files.ts';
import { validateGenerationSource } from './validation.ts';

/** A proposal as the server sends it: its flat card and, from a newer server, its note. */
export type ProposedItem = GeneratedCard & { note?: GeneratedNote | undefined };

export type Proposal = ProposedItem & {
  key: string;
  keep: boolean;
  status: 'pending' | 'saving' | 'failed';
  error?: string | undefined;
};

export type Phase =
  | { kind: 'source' }
  | { kind: 'generating'; step: number; total: number; image: boolean }
  | { kind: 'proposals' }
  | { kind: 'saving'; done: number; total: number };

/** Where the generator starts (stories): text, files, proposals; `start` generates at once. */
export type GeneratorStart = {
  text?: string;
  files?: AttachedFile[];
  proposals?: ProposedItem[];
  /** The output kind chosen (default cards). */
  output?: GenerationOutput;
  start?: boolean;
  /** Show the progress of a generation that is running. */
  generating?: { step: number; total: number; image: boolean };
};

type Source = { kind: 'text'; text: string } | { kind: 'image'; file: AttachedFile };

let proposalCounter = 0;
const toProposal = (card: ProposedItem): Proposal => {
  proposalCounter += 1;
  return { ...card, key: `p${proposalCounter}`, keep: true, status: 'pending' };
};

function firstPhase(initial: GeneratorStart | undefined): Phase {
  if (initial?.generating) return { kind: 'generating', ...initial.generating };
  return initial?.proposals ? { kind: 'proposals' } : { kind: 'source' };
}

function sourcesOf(text: string, files: AttachedFile[]): Source[] {
  return [
    ...(text.trim() ? [{ kind: 'text' as const, text: text.trim() }] : []),
    ...files.map((file) => ({ kind: 'image' as const, file })),
  ];
}

/** Why a source gave nothing, as the learner reads it. */
function sourceFailure(intl: IntlShape, source: Source, failure: unknown): string {
  return source.kind === 'image'
    ? intl.formatMessage(
        { id: 'decks.generate.imageFailed' },
        { name: source.file.name, reason: errorText(intl, failure) },
      )
    : errorText(intl, failure);
}

/** A proposal that saves as a cloze note (its `note.fields.text` holds the deletions). */
export const isClozeNote = (p: ProposedItem): p is ProposedItem & { note: GeneratedNote } =>
  p.note?.note_type === 'cloze';

/** The proposals of an answer: each card with its note (`notes[i]` is `cards[i]`). */
const proposalsOf = (result: { cards: GeneratedCard[]; notes?: GeneratedNote[] }) =>
  result.cards.map((card, i) => toProposal({ ...card, note: result.notes?.[i] }));

/** Reads each source in turn: the cards found, and why a source gave none. */
async function generateEach(
  sources: Source[],
  intl: IntlShape,
  on: {
    generate: (source: Source) => Promise<{ cards: GeneratedCard[]; notes?: GeneratedNote[] }>;
    step: (index: number, image: boolean) => void;
  },
): Promise<{ found: Proposal[]; failures: string[] }> {
  const found: Proposal[] = [];
  const failures: string[] = [];
  for (const [index, source] of sources.entries()) {
    on.step(index, source.kind === 'image');
    try {
      const result = await on.generate(source);
      if (result.cards.length === 0 && source.kind === 'image') {
        failures.push(
          intl.formatMessage({ id: 'decks.generate.noText' }, { name: source.file.name }),
        );
      }
      found.push(...proposalsOf(result));
    } catch (failure) {
      failures.push(sourceFailure(intl, source, failure));
    }
  }
  return { found, failures };
}

/** Saves one proposal: a cloze note as a note, anything else as today's card. */
function saveOne(proposal: Proposal, deckId: number) {
  if (isClozeNote(proposal)) {
    return createNote({
      desk_id: deckId,
      note_type: 'cloze',
      fields: { ...proposal.note.fields, text: (proposal.note.fields.text ?? '').trim() },
    });
  }
  return createCard({ desk_id: deckId, front: proposal.front.trim(), back: proposal.back.trim() });
}

/** Saves the proposals one at a time; a failed one is marked with its reason. */
async function saveEach(
  todo: Proposal[],
  deckId: number,
  intl: IntlShape,
  on: {
    patch: (key: string, change: Partial<Proposal>) => void;
    drop: (key: string) => void;
    done: (count: number) => void;
  },
): Promise<number> {
  let saved = 0;
  for (const [index, proposal] of todo.entries()) {
    on.patch(proposal.key, { status: 'saving', error: undefined });
    try {
      await saveOne(proposal, deckId);
      saved += 1;
      on.drop(proposal.key);
    } catch (failure) {
      on.patch(proposal.key, { status: 'failed', error: errorText(intl, failure) });
    }
    on.done(index + 1);
  }
  return saved;
}

export function useCardGenerator({
  deckId,
  initial,
  onSaved,
}: {
  deckId: number;
  initial?: GeneratorStart | undefined;
  onSaved?: ((count: number) => void) | undefined;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const client = useQueryClient();
  const generate = useGenerateCards();
  const [text, setText] = useState(initial?.text ?? '');
  const [files, setFiles] = useState<AttachedFile[]>(initial?.files ?? []);
  const [output, setOutput] = useState<GenerationOutput>(initial?.output ?? 'cards');
  const [phase, setPhase] = useState<Phase>(() => firstPhase(initial));
  const [proposals, setProposals] = useState<Proposal[]>(
    () => initial?.proposals?.map(toProposal) ?? [],
  );
  const [error, setError] = useState<string | null>(null);
  const [sourceErrors, setSourceErrors] = useState<string[]>([]);
  const [announce, setAnnounce] = useState('');
  const started = useRef(false);

  const patch = (key: string, change: Partial<Proposal>) =>
    setProposals((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const run = async () => {
    const invalid = validateGenerationSource(text, files.length);
    if (invalid) {
      setError(intl.formatMessage({ id: invalid }));
      return;
    }
    setError(null);
    setSourceErrors([]);
    const sources = sourcesOf(text, files);
    const { found, failures } = await generateEach(sources, intl, {
      generate: (source) =>
        generate.mutateAsync({
          id: deckId,
          language: locale,
          // Only a cloze request names its output, so older servers still answer the default.
          ...(output === 'cloze' ? { output } : {}),
          ...(source.kind === 'text' ? { text: source.text } : { image: source.file.dataUrl }),
        }),
      step: (index, image) =>
        setPhase({ kind: 'generating', step: index + 1, total: sources.length, image }),
    });
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

  const kept = proposals.filter((p) => p.keep);

  const save = async () => {
    const todo = kept;
    if (todo.length === 0) return;
    setPhase({ kind: 'saving', done: 0, total: todo.length });
    const saved = await saveEach(todo, deckId, intl, {
      patch,
      drop: (key) => setProposals((list) => list.filter((p) => p.key !== key)),
      done: (done) => setPhase({ kind: 'saving', done, total: todo.length }),
    });
    await Promise.all(
      [
        spaceRepetitionKeys.decks(),
        spaceRepetitionKeys.deckCardsAll(deckId),
        spaceRepetitionKeys.dueAll(),
        queryKeys.search.all,
      ].map((queryKey) => invalidateAndRefetch(client, queryKey)),
    );
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

  return {
    text,
    setText,
    files,
    addFiles: (added: AttachedFile[]) => setFiles((list) => [...list, ...added]),
    removeFile: (id: string) => setFiles((list) => list.filter((f) => f.id !== id)),
    output,
    setOutput,
    phase,
    busy: phase.kind === 'generating' || phase.kind === 'saving',
    proposals,
    kept,
    edit: patch,
    keepAll: (keep: boolean) => setProposals((list) => list.map((p) => ({ ...p, keep }))),
    discard: () => {
      setProposals([]);
      setPhase({ kind: 'source' });
    },
    error,
    sourceErrors,
    announce,
    run,
    save,
  };
}

export type CardGenerator = ReturnType<typeof useCardGenerator>;
