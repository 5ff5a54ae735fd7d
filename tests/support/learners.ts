// Learners for journeys and browser benchmarks against a running product: registered through
// the API, on the Standard plan through the offline sandbox checkout when a feature needs it,
// friends with each other, and signed in in a browser context the way the app signs in (tokens
// in localStorage, the session cookies the server pages read).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { jsonApi } from './api.ts';
import { LAPTOP_VIEWPORT } from './viewport.ts';

type Call = ReturnType<typeof jsonApi>;
export type Tokens = { access: string; refresh: string };
export type Learner = { id: number; email: string; username: string; tokens: Tokens };

/** A new learner on the free plan; `tag` goes into the email and username. */
export async function newLearner(call: Call, tag: string): Promise<Learner> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${tag}-${stamp}@example.com`;
  const username = `${tag.replace(/-/g, '_')}_${stamp}`;
  const password = 'learner-password';
  const user = await call<{ id: number }>('/auth/users/', {
    method: 'POST',
    body: JSON.stringify({ email, username, password, password2: password, timezone: 'UTC' }),
  });
  const tokens = await call<Tokens>('/auth/token/', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  return { id: user.id, email, username, tokens };
}

/** A new learner on the Standard plan (bought through the offline sandbox checkout). */
export async function standardLearner(call: Call, baseUrl: string, tag: string): Promise<Learner> {
  const learner = await newLearner(call, tag);
  const bought = await call<{ checkout_url?: string }>('/auth/subscriptions/create_subscription/', {
    method: 'POST',
    token: learner.tokens.access,
    body: JSON.stringify({ plan_name: 'standard' }),
  });
  const checkout = bought.checkout_url?.match(/sandbox-checkout\/([a-z0-9_]+)\//)?.[1];
  const approved = await fetch(`${baseUrl}/be/api/auth/sandbox-checkout/${checkout}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=approve',
  });
  if (approved.status !== 200) {
    throw new Error(`the sandbox checkout answered ${approved.status}: ${await approved.text()}`);
  }
  return learner;
}

/**
 * A new Enterprise account (a school's teacher) of its own: the seeded Enterprise+ owner invites
 * it. Journeys that need a school-less Enterprise account use this, never the shared school demo
 * account, which other journeys give schools.
 */
export async function enterpriseAccount(call: Call, tag: string): Promise<Learner> {
  const owner = await call<Tokens>('/auth/token/', {
    method: 'POST',
    body: JSON.stringify({ email: 'owner@memoria.app', password: 'owner-password' }),
  });
  const invitation = await call<{ code: string }>('/auth/enterprise-invitations/', {
    method: 'POST',
    token: owner.access,
    body: JSON.stringify({}),
  });
  const learner = await newLearner(call, tag);
  await call(`/auth/enterprise-invitation/${invitation.code}/apply/`, {
    method: 'POST',
    token: learner.tokens.access,
  });
  return learner;
}

/** `a` asks `b` for friendship and `b` accepts. */
export async function befriend(call: Call, a: Learner, b: Learner): Promise<void> {
  const sent = await call<{ id: number }>('/friends/friendships/', {
    method: 'POST',
    token: a.tokens.access,
    body: JSON.stringify({ username: b.username }),
  });
  await call(`/friends/friendships/${sent.id}/accept/`, { method: 'POST', token: b.tokens.access });
}

/** A browser context (1280×800 unless `viewport` says, English) signed in as `who`, and its first page. */
export async function signedIn(
  browser: Browser,
  baseUrl: string,
  who: Learner,
  viewport: { width: number; height: number } = LAPTOP_VIEWPORT,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  await context.addCookies([
    { name: 'language', value: 'en', url: baseUrl },
    { name: 'session_hint', value: '1', url: baseUrl },
    { name: 'user_email', value: who.email, url: baseUrl },
  ]);
  // Only on the first load: a later one keeps the tokens the app refreshed meanwhile.
  await context.addInitScript(
    ([access, refresh]) => {
      if (!localStorage.getItem('access_token')) {
        localStorage.setItem('access_token', access ?? '');
        localStorage.setItem('refresh_token', refresh ?? '');
      }
    },
    [who.tokens.access, who.tokens.refresh],
  );
  return { context, page: await context.newPage() };
}
