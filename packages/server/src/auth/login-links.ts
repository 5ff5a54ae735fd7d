/**
 * One-time sign-in links by email (issue 38): what a throttled owner is offered instead of waiting
 * for the account's shared failure budget to recover. A link's token is 256 random bits, stored
 * as its SHA-256, works once and for LOGIN_LINK_MINUTES.
 */
import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/client.ts';
import { queueMail } from '../db/queries/mail.ts';
import {
  consumeLoginLink,
  insertLoginLink,
  pruneLoginLinks,
  recentLinkRequests,
} from '../db/queries/sign-ins.ts';
import { buyerOf } from '../db/queries/subscriptions.ts';
import { inTransaction } from '../db/transaction.ts';
import {
  LOGIN_LINK_MINUTES,
  loginLinkMail,
  loginLinkUrl,
} from '../domain/accounts/login-link-mail.ts';
import type { Language } from '../domain/language.ts';
import { ApiError } from '../http/errors.ts';
import { hashToken } from './tokens.ts';

export const LOGIN_LINK_BUDGETS = {
  /** Links mailed to one email per window; past it the answer is the same, nothing is sent. */
  email: 3,
  /** Requests from one address per window (any emails); past it, 429. */
  address: 10,
} as const;
export const LOGIN_LINK_WINDOW_MINUTES = 60;

/**
 * The origin links point at: PUBLIC_URL, never the request's Host (anyone can forge it and
 * would receive the owner's link). Without PUBLIC_URL (development), the default local address.
 */
export const linkOrigin = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/**
 * Queues the link email for `email` when it names an active account and its budget allows, in
 * one transaction with the link's row. Throws 429 when the address spent its budget; otherwise
 * says nothing about whether the account exists.
 */
export async function requestLoginLink(
  sql: Sql,
  request: { email: string; ip: string | null; locale: Language; origin: string },
): Promise<void> {
  const { email, ip, locale } = request;
  await inTransaction(sql, async (tx) => {
    // One request per email at a time, so parallel requests cannot all pass the count together.
    await tx`select pg_advisory_xact_lock(hashtext(${`login-link:${email}`}))`;
    const recent = await recentLinkRequests(tx, email, ip, LOGIN_LINK_WINDOW_MINUTES);
    if (ip !== null && recent.address >= LOGIN_LINK_BUDGETS.address) {
      const minutes = Math.ceil(recent.retryAfter / 60);
      throw new ApiError(
        429,
        'rate_limited',
        `Too many sign-in links asked for from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { headers: { 'Retry-After': String(recent.retryAfter) } },
      );
    }
    const [account] = await tx<{ id: number; is_active: boolean }[]>`
      select id, is_active from users where lower(email) = ${email} limit 1`;
    const send = account?.is_active === true && recent.email < LOGIN_LINK_BUDGETS.email;
    const token = randomBytes(32).toString('base64url');
    await insertLoginLink(tx, {
      userId: send && account ? account.id : null,
      email,
      ip,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + LOGIN_LINK_MINUTES * 60 * 1000),
    });
    if (!send || !account) return;
    const owner = await buyerOf(tx, account.id);
    if (!owner) return;
    const mail = loginLinkMail(locale, {
      name: owner.name,
      link: loginLinkUrl(request.origin, token),
    });
    await queueMail(tx, {
      userId: account.id,
      kind: 'login_link',
      to: owner.email,
      locale,
      ...mail,
    });
  });
  if (Math.random() < 0.05) await pruneLoginLinks(sql, LOGIN_LINK_WINDOW_MINUTES * 24);
}

/** The account a link's token signs in to, using the link up; null when it cannot. */
export async function redeemLoginLink(sql: Sql, token: string): Promise<number | null> {
  return consumeLoginLink(sql, hashToken(token));
}
