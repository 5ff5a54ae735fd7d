import type { AccountType } from '@memoria/api';

/** The plans shown on pricing, in order, with how many feature lines each has in the catalog. */
export const PLANS = [
  { id: 'free', features: 3 },
  { id: 'standard', features: 5 },
  { id: 'enterprise', features: 6 },
] as const;

export type PlanId = (typeof PLANS)[number]['id'];

/** The pricing card that is the account's plan (Enterprise+ is sold as Enterprise). */
export function planOfAccount(accountType: AccountType | undefined): PlanId | null {
  if (accountType === undefined) return null;
  return accountType === 'enterprise_plus' ? 'enterprise' : accountType;
}
