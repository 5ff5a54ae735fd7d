import { type AccountType, type Feature, useAccountInfo } from '@memoria/api';

export type FeatureAccess = {
  /** `loading` until account info arrives; `denied` also when it failed (§6). */
  status: 'loading' | 'allowed' | 'denied';
  allowed: boolean;
  accountType: AccountType | undefined;
};

/**
 * Whether the account may use `feature`, from account info's `features` (§6). Access is denied
 * while account info loads and when it fails. `enabled: false` reads no account info (a screen
 * that needs the answer only for something it may not show); it stays `loading`.
 */
export function useFeatureAccess(
  feature: Feature,
  { enabled = true }: { enabled?: boolean } = {},
): FeatureAccess {
  const info = useAccountInfo({ enabled });
  if (info.data) {
    const allowed = info.data.features.includes(feature);
    return { status: allowed ? 'allowed' : 'denied', allowed, accountType: info.data.account_type };
  }
  if (info.isError) return { status: 'denied', allowed: false, accountType: undefined };
  return { status: 'loading', allowed: false, accountType: undefined };
}

/** True for the free plan, once known (PREMIUM badges show only then). */
export function useIsFreePlan(): boolean {
  return useAccountInfo().data?.account_type === 'free';
}
