/**
 * Mnemonics (`tags: [macro-images]`, `[conversion-table]`): query keys, `queryOptions` factories
 * and hooks for the macro-image chats and the Major-System conversion table, in the pattern of
 * `space-repetition.ts`. Both are gated by plan: free accounts get 403 `plan_required`.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import {
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

/** Contract limits: the numbers field, the phrase number, a chat message, a chat title. */
export const CONVERSION_INPUT_MAX = 1000;
export const PHRASE_NUMBER_MAX = 40;
export const MACRO_MESSAGE_MAX = 4000;
export const MACRO_TITLE_MAX = 200;

export const mnemonicsKeys = {
  all: ['mnemonics'] as const,
  chats: () => ['mnemonics', 'chats'] as const,
  messages: (chatId: number) => ['mnemonics', 'messages', chatId] as const,
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

/** `POST macroimages/chats/{id}/send_message/`: the learner's message and the story reply. */
export function useSendMacroMessage(
  options: MutationHookOptions<MacroExchange, { chatId: number; content: string }> = {},
) {
  return useInvalidating(
    options,
    async ({ chatId, content }) =>
      unwrap(
        await api.POST('/macroimages/chats/{id}/send_message/', {
          params: { path: { id: chatId } },
          body: { content },
        }),
      ),
    ({ chatId }) => [mnemonicsKeys.messages(chatId), mnemonicsKeys.chats(), queryKeys.progress.all],
  );
}

/** `PUT macroimages/messages/{id}/`: the replies after it are replaced by one new reply. */
export function useEditMacroMessage(
  options: MutationHookOptions<MacroExchange, { id: number; chatId: number; content: string }> = {},
) {
  return useInvalidating(
    options,
    async ({ id, content }) =>
      unwrap(
        await api.PUT('/macroimages/messages/{id}/', {
          params: { path: { id } },
          body: { content },
        }),
      ),
    ({ chatId }) => [mnemonicsKeys.messages(chatId), mnemonicsKeys.chats()],
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
