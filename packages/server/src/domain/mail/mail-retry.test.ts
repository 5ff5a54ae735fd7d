import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_RETRY, mailRetryDelaySeconds } from './mail-retry.ts';

describe('mailRetryDelaySeconds', () => {
  it('doubles from a minute, waits at most an hour, and stops after the eighth attempt', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => mailRetryDelaySeconds(n, DEFAULT_MAIL_RETRY));
    expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3600, null]);
  });

  it('follows a policy of its own', () => {
    const policy = { maxAttempts: 3, baseSeconds: 10, maxDelaySeconds: 15 };
    expect([1, 2, 3].map((n) => mailRetryDelaySeconds(n, policy))).toEqual([10, 15, null]);
  });
});
