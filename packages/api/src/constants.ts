/** Numbers and names from product-spec §3, §4, §7 and §9, in one place. */

/** Where the API lives, relative to the site's origin. */
export const API_BASE_PATH = '/be/api';

/** Local storage keys of the session (§3, §9). */
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';
/** Local storage key of the cookie-consent choice (§3, §9). */
export const COOKIE_CONSENT_KEY = 'cookieConsent';

/** Cookie names. */
export const USER_EMAIL_COOKIE = 'user_email';
export const LANGUAGE_COOKIE = 'language';
export const THEME_COOKIE = 'theme';
/** The CSRF cookie whose value is echoed in the CSRF header. */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

/** user_email, language and theme cookies last 365 days (§9). */
export const COOKIE_DAYS = 365;
export const USER_EMAIL_COOKIE_DAYS = COOKIE_DAYS;
export const LANGUAGE_COOKIE_DAYS = COOKIE_DAYS;
export const THEME_COOKIE_DAYS = COOKIE_DAYS;

/** Fired on window whenever tokens are saved or cleared (§4, §9). */
export const AUTH_CHANGE_EVENT = 'auth-change';

/**
 * Request time-out in milliseconds (§7, §9): how long a request waits for its answer (status and
 * headers); the body is then read however long it takes (a streamed story, a large download).
 */
export const REQUEST_TIMEOUT_MS = 30_000;
/**
 * An upload's own time limits (`xhrFetch`), in place of the request time-out: it fails when no
 * byte has gone for `UPLOAD_IDLE_TIMEOUT_MS`, however long the whole upload takes; once the last
 * byte is sent, the server has `UPLOAD_ANSWER_TIMEOUT_MS` to read and import it.
 */
export const UPLOAD_IDLE_TIMEOUT_MS = REQUEST_TIMEOUT_MS;
export const UPLOAD_ANSWER_TIMEOUT_MS = 15 * 60_000;
/** Delay between showing 'Connection lost' and going to /login (§4, §9). */
export const CONNECTION_LOST_REDIRECT_MS = 2_000;
/** Where an ended session goes. */
export const LOGIN_PATH = '/login';

/** TanStack Query defaults (§7 "Answers and client behaviour"). */
export const QUERY_RETRY = 1;
export const QUERY_STALE_TIME_MS = 30_000;
/** Pending friend and duel requests poll every 10 s, also in the background (§7). */
export const PENDING_REQUESTS_REFETCH_MS = 10_000;
/** Invitation verification is cached 10 minutes, with no retry (§7, §9). */
export const INVITATION_VERIFY_CACHE_MS = 10 * 60_000;

/** Snackbar auto-hide (§9). */
export const SNACKBAR_AUTO_HIDE_MS = 6_000;
/** Redirect to / after applying an invitation (§9). */
export const INVITATION_APPLIED_REDIRECT_MS = 2_000;

/** Interface languages and theme modes, with their defaults (§1, §9). */
export const LOCALES = ['en', 'es'] as const;
export const DEFAULT_LOCALE = 'en';
export const THEMES = ['light', 'dark'] as const;
export const DEFAULT_THEME = 'light';

/** Time tracking (spec §9). */
export const TIME_TRACKING_MIN_PAGE_MS = 1_000;
export const TIME_TRACKING_BATCH_SIZE = 10;
export const TIME_TRACKING_SYNC_MS = 30_000;
export const TIME_TRACKING_IDLE_MS = 40_000;
/** How soon a batch that could not be sent is tried again (instead of the next 30 s sync). */
export const TIME_TRACKING_FALLBACK_MS = 10_000;
export const TIME_TRACKING_RETRIES = 3;
export const TIME_TRACKING_RETRY_DELAY_MS = 1_000;
/** Local storage key of the batches not sent yet. */
export const TIME_TRACKING_QUEUE_KEY = 'timeTrackingQueue';

/**
 * The review queue's page (the contract's default of `listDueCards`): a session asks for what it
 * shows next and tops up (`dueCardsCache.topUp`) when it runs low, rather than for the whole day.
 */
export const DUE_CARDS_PAGE = 10;
/**
 * Interval previews asked for with each page (`listDueCards`' `previews`), the server's largest
 * cost in it: a review session shows the page's first cards until five are left, then reads the
 * next page (`useReviewSession`'s `TOP_UP_AT`), whose previews start at the card then on screen.
 * So the first six of a page are shown with this page's previews and the rest with the next
 * one's; a card that still has none when it comes up has them read then
 * (`dueCardsCache.fillPreviews`). The bench's queue rows ask for the same.
 */
export const DUE_CARDS_PREVIEWS = 6;
