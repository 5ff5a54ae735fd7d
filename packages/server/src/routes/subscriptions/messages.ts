/** Field messages of the subscription rules; each has its key in http/messages.ts. */
export const MESSAGES = {
  alreadySubscribed: 'You already have an active subscription.',
  planIncluded: 'Your plan already includes Standard.',
  notCancellable: 'Only an active subscription can be cancelled.',
  paymentMismatch: 'The payment does not match the subscription.',
  checkoutDecided: 'This test checkout was already completed.',
  testClockDisabled: 'The test clock is off on this server.',
} as const;
