/**
 * Mnemonics (`tags: [macro-images]`, `[conversion-table]`): query keys, `queryOptions` factories
 * and hooks for the macro-image chats and the Major-System conversion table, in the pattern of
 * `space-repetition.ts`. Both are gated by plan: free accounts get 403 `plan_required`.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from './client.ts';
import { ApiRequestError, unwrap } from './errors.ts';
import { readSseFrames } from './events.ts';
import {
  invalidateAndRefetch,
  type MutationHookOptions,
  type QueryHookOptions,
  queryKeys,
  useInvalidating,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];
export type MacroChat = Schemas['MacroChat'];
export type MacroMessage = Schemas['MacroMessage'];
export type MacroExchange = Schemas['MacroExchange'];
export type StoryboardItem = Schemas['StoryboardItem'];
export type ConversionResult = Schemas['ConversionResult'];
export type NumberConversion = Schemas['NumberConversion'];
export type GeneratedPhrase = Schemas['GeneratedPhrase'];
export type MnemonicsLocale = Schemas['Locale'];
export type MajorTable = Schemas['MajorTable'];
export type MajorTableEntry = Schemas['MajorTableEntry'];
export type MajorTableUpdate = Schemas['MajorTableUpdate'];

/** Contract limits: the numbers field, the phrase number, a chat message, a chat title. */
export const CONVERSION_INPUT_MAX = 1000;
export const PHRASE_NUMBER_MAX = 40;
export const MACRO_MESSAGE_MAX = 4000;
export const MACRO_TITLE_MAX = 200;
/** A word of the learner's own table. */
export const TABLE_WORD_MAX = 40;

export const mnemonicsKeys = {
  all: ['mnemonics'] as const,
  chats: () => ['mnemonics', 'chats'] as const,
  messages: (chatId: number) => ['mnemonics', 'messages', chatId] as const,
  table: (language: MnemonicsLocale) => ['mnemonics', 'table', language] as const,
};

export const mnemonicsQueries = {
  /** `GET macroimages/chats/`: the caller's chats, latest first. */
  chats: () =>
    queryOptions<MacroChat[], ApiRequestError>({
      queryKey: mnemonicsKeys.chats(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/macroimages/chats/', { signal })),
    }),
  /** `GET macroimages/chats/{id}/messages/`, oldest first. */
  messages: (chatId: number) =>
    queryOptions<MacroMessage[], ApiRequestError>({
      queryKey: mnemonicsKeys.messages(chatId),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/macroimages/chats/{id}/messages/', {
            params: { path: { id: chatId } },
            signal,
          }),
        ),
    }),
};

/** `GET conversiontable/table/`: the learner's 00–99 table with suggestions. */
export function majorTableQuery(language: MnemonicsLocale) {
  return queryOptions<MajorTable, ApiRequestError>({
    queryKey: mnemonicsKeys.table(language),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/conversiontable/table/', { params: { query: { language } }, signal })),
  });
}

/** `GET conversiontable/table/`. */
export function useMajorTable(
  language: MnemonicsLocale,
  options: QueryHookOptions<MajorTable> = {},
) {
  return useSignedInQuery(majorTableQuery(language), options);
}

/** `PUT conversiontable/table/`: saves (or, with an empty word, clears) the entries sent. */
export function useSaveMajorTable(options: MutationHookOptions<MajorTable, MajorTableUpdate> = {}) {
  const client = useQueryClient();
  return useInvalidating(
    {
      ...options,
      onSuccess: (table, ...rest) => {
        client.setQueryData(mnemonicsKeys.table(table.language), table);
        return options.onSuccess?.(table, ...rest);
      },
    },
    async (body) => unwrap(await api.PUT('/conversiontable/table/', { body })),
    () => [],
  );
}

/** `GET macroimages/chats/` for the top bar's search (403 for plans without macro_images). */
export function useMacroChatSearch(options: QueryHookOptions<MacroChat[]> = {}) {
  return useSignedInQuery(mnemonicsQueries.chats(), options);
}

/** `GET macroimages/chats/`. */
export function useMacroChats(options: QueryHookOptions<MacroChat[]> = {}) {
  return useSignedInQuery(mnemonicsQueries.chats(), options);
}

/** `GET macroimages/chats/{id}/messages/`. */
export function useMacroMessages(chatId: number, options: QueryHookOptions<MacroMessage[]> = {}) {
  return useSignedInQuery(mnemonicsQueries.messages(chatId), options);
}

/** `POST macroimages/chats/` (title and language optional). */
export function useCreateMacroChat(
  options: MutationHookOptions<MacroChat, Schemas['MacroChatInput']> = {},
) {
  return useInvalidating(
    options,
    async (body) => unwrap(await api.POST('/macroimages/chats/', { body })),
    () => [mnemonicsKeys.chats()],
  );
}

/** `PUT macroimages/chats/{id}/` (rename). */
export function useRenameMacroChat(
  options: MutationHookOptions<MacroChat, { id: number; title: string }> = {},
) {
  return useInvalidating(
    options,
    async ({ id, title }) =>
      unwrap(
        await api.PUT('/macroimages/chats/{id}/', { params: { path: { id } }, body: { title } }),
      ),
    () => [mnemonicsKeys.chats()],
  );
}

/** `DELETE macroimages/chats/{id}/` with its messages. */
export function useDeleteMacroChat(options: MutationHookOptions<void, { id: number }> = {}) {
  return useInvalidating(
    options,
    async ({ id }) => {
      unwrap(await api.DELETE('/macroimages/chats/{id}/', { params: { path: { id } } }));
    },
    ({ id }) => [mnemonicsKeys.chats(), mnemonicsKeys.messages(id), queryKeys.progress.all],
  );
}

/**
 * `GET conversiontable/lexicon/`: the language's word index, packed (unpack it with
 * `unpackLexicon` of `@memoria/api/major-system`), for converting while offline.
 */
export async function fetchConversionLexicon(
  language: MnemonicsLocale,
  signal?: AbortSignal,
): Promise<Schemas['ConversionLexicon']> {
  return unwrap(
    await api.GET('/conversiontable/lexicon/', { params: { query: { language } }, signal }),
  );
}

/** `POST conversiontable/convert-numbers/`. */
export function useConvertNumbers(
  options: MutationHookOptions<ConversionResult, Schemas['ConvertNumbersRequest']> = {},
) {
  return useInvalidating(
    options,
    async (body) => unwrap(await api.POST('/conversiontable/convert-numbers/', { body })),
    () => [queryKeys.progress.all],
  );
}

/** `POST conversiontable/generate-phrase/`. */
export function useGeneratePhrase(
  options: MutationHookOptions<GeneratedPhrase, Schemas['GeneratePhraseRequest']> = {},
) {
  return useInvalidating(
    options,
    async (body) => unwrap(await api.POST('/conversiontable/generate-phrase/', { body })),
    () => [queryKeys.progress.all],
  );
}

/** What a streamed reply hands over: each piece as the server writes it; the abort signal. */
interface StreamOptions {
  content: string;
  signal?: AbortSignal;
  onDelta: (text: string) => void;
}

/**
 * Reads a reply's server-sent events to their end: `onDelta` gets each piece, `done` is the
 * stored exchange. Rejects with `ApiRequestError` for an `error` frame or a stream that ends
 * without `done`, and with the abort error when `signal` aborted (nothing is stored then).
 */
async function readMacroReply(
  body: ReadableStream<Uint8Array> | null | undefined,
  { signal, onDelta }: Omit<StreamOptions, 'content'>,
): Promise<MacroExchange> {
  if (!body) throw new ApiRequestError(0, { code: 'network_error', detail: 'No stream.' });
  // The server closes the stream after `done` or `error`: read it to its end rather than cancel.
  let exchange: MacroExchange | undefined;
  let failure: ApiRequestError | undefined;
  for await (const frame of readSseFrames(body)) {
    const data = JSON.parse(frame.data ?? 'null');
    if (frame.event === 'delta') onDelta((data as Schemas['MacroStreamDelta']).text);
    else if (frame.event === 'done') exchange = data as MacroExchange;
    else if (frame.event === 'error') failure = new ApiRequestError(200, data);
  }
  if (failure) throw failure;
  if (exchange) return exchange;
  signal?.throwIfAborted();
  throw new ApiRequestError(0, {
    code: 'network_error',
    detail: 'The story stream ended before the reply was stored.',
  });
}

/**
 * `POST macroimages/chats/{id}/send_message/stream/`: the reply piece by piece (`onDelta`), then
 * the stored exchange; see `readMacroReply` for how it fails.
 */
export async function streamMacroMessage({
  chatId,
  content,
  signal,
  onDelta,
}: StreamOptions & { chatId: number }): Promise<MacroExchange> {
  const body = unwrap(
    await api.POST('/macroimages/chats/{id}/send_message/stream/', {
      params: { path: { id: chatId } },
      body: { content },
      parseAs: 'stream',
      signal,
    }),
  );
  return readMacroReply(body, { signal, onDelta });
}

/**
 * `PUT macroimages/messages/{id}/stream/`: edits one of the learner's messages; the new reply
 * piece by piece, then the stored exchange (the replies after the message are replaced only
 * then). See `readMacroReply` for how it fails.
 */
export async function streamMacroMessageEdit({
  messageId,
  content,
  signal,
  onDelta,
}: StreamOptions & { messageId: number }): Promise<MacroExchange> {
  const body = unwrap(
    await api.PUT('/macroimages/messages/{id}/stream/', {
      params: { path: { id: messageId } },
      body: { content },
      parseAs: 'stream',
      signal,
    }),
  );
  return readMacroReply(body, { signal, onDelta });
}

/**
 * What a streamed turn shows: nothing yet, the reply so far, or why it failed. `editOf` is the
 * id of the message being edited (absent for a new message).
 */
export type MacroStreamState =
  | { status: 'idle' }
  | { status: 'streaming'; content: string; text: string; editOf?: number }
  | { status: 'error'; content: string; error: unknown; editOf?: number };

/** The chat's messages once `exchange` is stored: appended, or for an edit in place of the rest. */
function withExchange(list: MacroMessage[], exchange: MacroExchange, editOf?: number) {
  const kept = editOf === undefined ? list : list.filter((m) => m.id < editOf);
  return [...kept, exchange.user_message, exchange.assistant_message];
}

/**
 * Sends chat messages and edits with streamed replies: `state.text` grows while the story is
 * written; `stop()` ends it (nothing stored; `onStopped` gets the text back, and for an edit the
 * message's id); a failure keeps the text in `state` for `retry()`, `dismiss()` forgets it. On
 * `done` the chat's messages are updated at once.
 */
export function useStreamMacroMessage(
  chatId: number,
  {
    onSent,
    onStopped,
  }: { onSent?: () => void; onStopped?: (content: string, editOf?: number) => void } = {},
) {
  const client = useQueryClient();
  const [state, setState] = useState<MacroStreamState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const run = useCallback(
    async (content: string, editOf?: number) => {
      if (running.current) return;
      const controller = new AbortController();
      running.current = controller;
      setState({ status: 'streaming', content, text: '', editOf });
      const onDelta = (piece: string) =>
        setState((s) => (s.status === 'streaming' ? { ...s, text: s.text + piece } : s));
      try {
        const options = { content, signal: controller.signal, onDelta };
        const exchange =
          editOf === undefined
            ? await streamMacroMessage({ chatId, ...options })
            : await streamMacroMessageEdit({ messageId: editOf, ...options });
        client.setQueryData<MacroMessage[]>(mnemonicsKeys.messages(chatId), (list = []) =>
          withExchange(list, exchange, editOf),
        );
        setState({ status: 'idle' });
        onSent?.();
      } catch (error) {
        if (controller.signal.aborted) {
          setState({ status: 'idle' });
          onStopped?.(content, editOf);
        } else setState({ status: 'error', content, error, editOf });
      } finally {
        running.current = null;
        // A reply stored just before a failure or a Stop shows after the refetch.
        void invalidateAndRefetch(client, mnemonicsKeys.messages(chatId));
        void invalidateAndRefetch(client, mnemonicsKeys.chats());
        void invalidateAndRefetch(client, queryKeys.progress.all);
      }
    },
    [chatId, client, onSent, onStopped],
  );

  const send = useCallback((content: string) => run(content), [run]);
  const edit = useCallback((messageId: number, content: string) => run(content, messageId), [run]);
  const stop = useCallback(() => running.current?.abort(), []);
  const retry = useCallback(() => {
    if (state.status === 'error') void run(state.content, state.editOf);
  }, [run, state]);
  const dismiss = useCallback(() => {
    setState((s) => (s.status === 'error' ? { status: 'idle' } : s));
  }, []);
  return { state, send, edit, stop, retry, dismiss };
}
