/** Numeric settings read from the environment, refused at start when out of their range. */

export interface SettingRange {
  min: number;
  max: number;
}

/**
 * The whole number in `env[name]` (unset or empty: `fallback`). A value that is not a plain
 * decimal within `range` stops the start with a message naming the variable, rather than running
 * with a limit nobody chose.
 */
export function wholeNumberSetting(
  name: string,
  fallback: number,
  range: SettingRange,
  env: Record<string, string | undefined> = process.env,
): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= range.min && n <= range.max)) {
    throw new Error(
      `${name} must be a whole number from ${range.min} to ${range.max}; it is "${value}".`,
    );
  }
  return n;
}
