/** @memoria/api: the typed client, its errors, query hooks, session helpers and shared stores. */

export * from './anki.ts';
export * from './assignments.ts';
export * from './card-search.ts';
export type { ApiClient, ApiClientOptions, Navigate } from './client.ts';
export {
  api,
  createApiClient,
  isCurrentPath,
  isNetworkFailure,
  navigateTo,
  retryConnection,
  setNavigate,
} from './client.ts';
export * from './constants.ts';
export type { CookieOptions } from './cookies.ts';
export { deleteCookie, getCookie, setCookie } from './cookies.ts';
export * from './course-progress.ts';
export * from './duels.ts';
export type { ApiErrorBody, ErrorCode, FieldErrorCode } from './errors.ts';
export {
  ApiRequestError,
  fieldErrorCode,
  fieldErrorCodes,
  isApiRequestError,
  unwrap,
} from './errors.ts';
export type { EventStream, EventStreamOptions, SseFrame, StreamEventType } from './events.ts';
export {
  createEventStream,
  EVENT_INVALIDATIONS,
  getEventStream,
  readSseFrames,
  useEventStream,
} from './events.ts';
export * from './friends.ts';
export { useHydrated, useHydratedQuery } from './hydration.ts';
export { newIdempotencyKey } from './idempotency-key.ts';
export * from './invitations.ts';
export * from './live-quizzes.ts';
export * from './matches.ts';
export type { MediaResolver, MediaResolverOptions } from './media.ts';
export {
  createMediaResolver,
  fetchMedia,
  MEDIA_CACHE_CAPACITY,
  mediaHash,
  mediaHashesIn,
  useMediaResolver,
} from './media.ts';
export * from './memory-model.ts';
export * from './mnemonics.ts';
export type { DiffKind, DiffSegment } from './notes/type-in-diff.ts';
export { typeInDiff } from './notes/type-in-diff.ts';
export * from './notes.ts';
export * from './notifications.ts';
export * from './payments.ts';
export * from './presets.ts';
export * from './progress.ts';
export * from './push.ts';
export type { MutationHookOptions, QueryHookOptions } from './query.ts';
export {
  authQueries,
  createQueryClient,
  duelRequestQueries,
  getQueryClient,
  invalidateAndRefetch,
  invitationQueries,
  QueryProvider,
  queryClient,
  queryKeys,
  refetchAfterPageSwap,
  searchQueries,
  useAccountInfo,
  useConsumeLoginLink,
  useDeckSearch,
  useDuelRequests,
  useInvalidating,
  useInvitationVerification,
  useLogin,
  useLogout,
  useMe,
  usePendingDuelRequests,
  useRegister,
  useRequestLoginLink,
  useSignedIn,
  useSignedInQuery,
} from './query.ts';
export * from './ratings.ts';
export * from './review-settings.ts';
export * from './review-tools.ts';
export type { components, operations, paths } from './schema.d.ts';
export * from './schools.ts';
export type { Tokens } from './session.ts';
export {
  clearSession,
  getAccessToken,
  getRefreshToken,
  getUserEmail,
  isSignedIn,
  SESSION_HINT_COOKIE,
  SESSION_HINT_COOKIE_DAYS,
  saveTokens,
  setUserEmail,
} from './session.ts';
export * from './space-repetition.ts';
export type {
  CookieConsent,
  EventsConnection,
  EventsConnectionStatus,
  Locale,
  ReviewSyncState,
  SessionState,
  Theme,
} from './stores.ts';
export {
  $appUpdated,
  $connectionLost,
  $cookieConsent,
  $eventsConnection,
  $locale,
  $offline,
  $offlineCapable,
  $reviewSync,
  $session,
  $theme,
  localeFromLanguage,
  markOfflineCapable,
  pollUnlessStreamed,
  readCookieConsent,
  readLocale,
  readSession,
  readTheme,
  setCookieConsent,
  setLocale,
  setTheme,
  staysOffline,
  syncSession,
  toggleTheme,
} from './stores.ts';
export * from './time-tracker.ts';
export * from './training.ts';
export * from './workload.ts';

import type { components } from './schema.d.ts';

/** Shorthands for the contract's schemas. */
export type Schemas = components['schemas'];
export type User = Schemas['User'];
export type AccountInfo = Schemas['AccountInfo'];
export type AccountType = Schemas['AccountType'];
export type Feature = Schemas['Feature'];
export type TokenPair = Schemas['TokenPair'];
