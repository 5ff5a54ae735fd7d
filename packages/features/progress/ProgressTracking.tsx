import { useTimeTracking, useTimeZoneSync } from '@memoria/api';

/**
 * Rendered once on every app page (by the shell's always-present island): runs the time tracker
 * and keeps the account's time zone the device's, so streak days are the learner's own.
 */
export function ProgressTracking() {
  useTimeTracking();
  useTimeZoneSync();
  return null;
}
