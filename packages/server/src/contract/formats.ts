import type Ajv2020 from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';

/**
 * The contract's `date-time` and `date` as the product can keep them: RFC 3339 (ajv-formats'
 * reading), and also an instant JavaScript's Date reads and PostgreSQL stores and gives back.
 * RFC 3339 alone lets through a leap second (`23:59:60`, which Date cannot read: "Invalid time
 * value" when it is written) and year 0000 (PostgreSQL has no year 0: "date/time field value out
 * of range"), and an offset can carry 9999-12-31 into year 10000 or 0001-01-01 into year 0.
 */

/** The first and last instants kept: years 0001 to 9999 in UTC, what four-digit years can say. */
export const EARLIEST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
export const LATEST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

type Check = (value: string) => boolean;

function rfc3339(name: 'date-time' | 'date'): Check {
  const format = fullFormats[name];
  if (typeof format === 'function') return format as Check;
  if (format && typeof format === 'object' && 'validate' in format) {
    const validate = format.validate;
    if (typeof validate === 'function') return validate as Check;
  }
  throw new Error(`ajv-formats has no ${name} check`);
}

const rfcDateTime = rfc3339('date-time');
const rfcDate = rfc3339('date');

/** A date-time the product can store: RFC 3339, read by Date, years 0001–9999 in UTC. */
export function isStorableDateTime(value: string): boolean {
  if (!rfcDateTime(value)) return false;
  const t = Date.parse(value);
  return Number.isFinite(t) && t >= EARLIEST_INSTANT && t <= LATEST_INSTANT;
}

/** A calendar day the product can store: RFC 3339 `full-date` from 0001-01-01 to 9999-12-31. */
export function isStorableDate(value: string): boolean {
  return rfcDate(value) && !value.startsWith('0000');
}

/** Replaces ajv-formats' `date-time` and `date` with the storable ones. */
export function addStorableTimeFormats(ajv: Ajv2020): void {
  ajv.addFormat('date-time', { type: 'string', validate: isStorableDateTime });
  ajv.addFormat('date', { type: 'string', validate: isStorableDate });
}
