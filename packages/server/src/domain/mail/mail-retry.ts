/**
 * When a failed email is tried again (issue 38): exponential back-off from `baseSeconds`, each
 * wait at most `maxDelaySeconds`, and no attempt after the `maxAttempts`-th. Pure.
 */
export interface MailRetryPolicy {
  maxAttempts: number;
  baseSeconds: number;
  maxDelaySeconds: number;
}

/** 8 attempts: waits of 1, 2, 4, 8, 16, 32 and 60 minutes, about two hours in all. */
export const DEFAULT_MAIL_RETRY: MailRetryPolicy = {
  maxAttempts: 8,
  baseSeconds: 60,
  maxDelaySeconds: 3600,
};

/** Seconds to wait after the `attempts`-th failed attempt, or null: that was the last one. */
export function mailRetryDelaySeconds(attempts: number, policy: MailRetryPolicy): number | null {
  if (attempts >= policy.maxAttempts) return null;
  return Math.min(policy.baseSeconds * 2 ** Math.max(0, attempts - 1), policy.maxDelaySeconds);
}
