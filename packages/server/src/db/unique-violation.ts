/**
 * The unique constraint a failed statement violated (SQLSTATE 23505), or null for any other error.
 * Drizzle wraps the driver's error, so the cause chain is searched. The name is '' when the driver
 * did not report one.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e = error; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    const { code, constraint_name } = e as { code?: unknown; constraint_name?: unknown };
    if (code === '23505') return typeof constraint_name === 'string' ? constraint_name : '';
  }
  return null;
}
