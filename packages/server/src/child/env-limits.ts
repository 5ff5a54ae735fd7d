/** Reading a child's limits from the environment: whole numbers in a range, or the default. */

/** `env[name]` as a whole number from `min` to `max`, `fallback` when unset or empty. */
export function wholeFromEnv(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min && n <= max)) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}; it is "${value}".`);
  }
  return n;
}
