import type { Db } from '../db/client.ts';
import {
  claimRegistrationSlot,
  codeMissWait,
  deleteLoginFailures,
  insertCodeMiss,
  insertLoginFailure,
  loginFailureCounts,
  pruneCodeMisses,
  pruneLoginFailures,
  pruneRegistrations,
} from '../db/queries/throttle.ts';
import { ApiError } from '../http/errors.ts';

/**
 * Sign-in failures are counted under three keys, each with its own budget. The owner signing in
 * from another address never shares the attacker's (account, address) or address budget; only
 * the account's budget, much larger, is shared, and it guards against guessing spread over many
 * addresses. A device or address that signed in to the account before (auth/devices.ts) is not
 * held back by the account's budget, so spending it cannot lock the owner out; anyone else held
 * back by it is offered a one-time sign-in link by email.
 */
export const LOGIN_BUDGETS = {
  /** One account from one address. */
  accountAtAddress: 5,
  /** One address across accounts (a shared network has several people mistyping). */
  address: 20,
  /** One account from every address together. */
  account: 50,
} as const;

/** Failures older than this no longer count. */
export const FAILURE_WINDOW_HOURS = 24;
/** The first lock-out after a budget is spent; each further failure doubles it, up to the cap. */
export const BACKOFF_FIRST_SECONDS = 60;
export const BACKOFF_MAX_SECONDS = 60 * 60;

/** Registrations accepted from one address per window. */
export const REGISTRATION_BUDGET = 10;
export const REGISTRATION_WINDOW_MINUTES = 60;

/**
 * Seconds still to wait after `failures` failures under a budget, the last one `sinceLast` seconds
 * ago: nothing within the budget, then 1, 2, 4… times BACKOFF_FIRST_SECONDS from the last failure.
 */
export function backoffSeconds(failures: number, budget: number, sinceLast: number): number {
  if (failures < budget) return 0;
  const lock = Math.min(BACKOFF_FIRST_SECONDS * 2 ** (failures - budget), BACKOFF_MAX_SECONDS);
  return Math.max(Math.ceil(lock - sinceLast), 0);
}

function rateLimited(detail: string, wait: number, signInLink?: boolean): ApiError {
  return new ApiError(429, 'rate_limited', detail, {
    headers: { 'Retry-After': String(wait) },
    signInLink,
  });
}

const inMinutes = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * Throws 429 `rate_limited` (with Retry-After) while any budget of this email and address is
 * spent; the account's budget only when the sign-in does not come from a `known` device or
 * address, and then the answer offers a sign-in link (`sign_in_link`). An unknown address (null)
 * is one key of its own for the pair and is not counted alone.
 */
export async function assertNotThrottled(
  db: Db,
  email: string,
  ip: string | null,
  known = false,
): Promise<void> {
  const row = await loginFailureCounts(db, email, ip, FAILURE_WINDOW_HOURS);
  const wait = (key: 'pair' | 'address' | 'account', budget: number) =>
    backoffSeconds(Number(row?.[key] ?? 0), budget, Number(row?.[`${key}_since`] ?? 0));
  const account = known ? 0 : wait('account', LOGIN_BUDGETS.account);
  const longest = Math.max(
    wait('pair', LOGIN_BUDGETS.accountAtAddress),
    wait('address', LOGIN_BUDGETS.address),
    account,
  );
  if (longest > 0) {
    throw rateLimited(
      account > 0
        ? `Too many failed sign-in attempts for this account. Try again in ${inMinutes(longest)}, or ask for a sign-in link by email.`
        : `Too many failed sign-in attempts. Try again in ${inMinutes(longest)}.`,
      longest,
      account > 0,
    );
  }
}

export async function recordFailure(db: Db, email: string, ip: string | null): Promise<void> {
  await insertLoginFailure(db, email, ip);
  // Keep the table small: now and then drop attempts that no longer count.
  if (Math.random() < 0.05) await pruneLoginFailures(db, FAILURE_WINDOW_HOURS);
}

/**
 * A successful sign-in clears the failures of this account at this address only: failures from
 * elsewhere still count against the account's budget.
 */
export async function clearFailures(db: Db, email: string, ip: string | null): Promise<void> {
  await deleteLoginFailures(db, email, ip);
}

/**
 * Counts one registration from `ip`, or throws 429 when the address has used its budget in the
 * window. Unknown addresses are not throttled (they would all share one budget).
 */
export async function claimRegistration(db: Db, ip: string | null): Promise<void> {
  if (ip === null) return;
  const wait = await claimRegistrationSlot(
    db,
    ip,
    REGISTRATION_BUDGET,
    REGISTRATION_WINDOW_MINUTES,
  );
  if (wait > 0) {
    throw rateLimited(
      `Too many accounts registered from this address. Try again in ${inMinutes(wait)}.`,
      wait,
    );
  }
  if (Math.random() < 0.05) await pruneRegistrations(db, REGISTRATION_WINDOW_MINUTES);
}

/** Unknown invitation codes one address may try per window (verify, apply, register together). */
export const CODE_MISS_BUDGET = 20;
export const CODE_MISS_WINDOW_MINUTES = 60;

/**
 * Throws 429 (with Retry-After) while `ip` has tried CODE_MISS_BUDGET unknown invitation codes in
 * the window: with 192-bit codes guessing is hopeless anyway, and this keeps anyone from trying.
 * Known codes are never counted, so opening one's own link again and again costs nothing.
 */
export async function assertCodeGuessesLeft(db: Db, ip: string | null): Promise<void> {
  if (ip === null) return;
  const wait = await codeMissWait(db, ip, CODE_MISS_BUDGET, CODE_MISS_WINDOW_MINUTES);
  if (wait > 0) {
    throw rateLimited(`Too many unknown invitation codes. Try again in ${inMinutes(wait)}.`, wait);
  }
}

export async function recordCodeMiss(db: Db, ip: string | null): Promise<void> {
  if (ip === null) return;
  await insertCodeMiss(db, ip);
  if (Math.random() < 0.05) await pruneCodeMisses(db, CODE_MISS_WINDOW_MINUTES);
}
