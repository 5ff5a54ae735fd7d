/**
 * Shared story fixtures. FIXED_NOW is "now" in every story (preview.tsx installs a clock that
 * starts there), so relative times ('Just now', '3 hours ago') and dates render identically
 * in every run and every screenshot.
 */
export const FIXED_NOW = new Date('2025-01-15T10:30:00.000Z');

/** `FIXED_NOW` minus the given amount, as an ISO string (for `updated_at`-style fields). */
export function ago({
  minutes = 0,
  hours = 0,
  days = 0,
}: {
  minutes?: number;
  hours?: number;
  days?: number;
}): string {
  return new Date(
    FIXED_NOW.getTime() - ((days * 24 + hours) * 60 + minutes) * 60_000,
  ).toISOString();
}
