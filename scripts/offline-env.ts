// The product is meant to run on machines whose operators did not opt in to telemetry and that
// may have no network at all: Astro's anonymous usage data and its dev-server update check stay
// off for every start, build and dev server the project's scripts run. (Storybook's telemetry is
// off in `.storybook/main.ts` through its `core.disableTelemetry` setting.)
export const OFFLINE_ENV = {
  ASTRO_TELEMETRY_DISABLED: '1',
  ASTRO_DISABLE_UPDATE_CHECK: 'true',
} as const;

export function offlineEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, ...OFFLINE_ENV };
}
