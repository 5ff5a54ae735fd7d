import { createIntl } from 'react-intl';
import { describe, expect, test } from 'vitest';
import { messages } from '../messages.ts';
import { describeInterval, formatInterval, intervalParts } from './intervals.ts';

const en = createIntl({ locale: 'en', messages: messages.en });
const es = createIntl({ locale: 'es', messages: messages.es });
const MIN = 60;
const HOUR = 3600;
const DAY = 86400;

describe('interval labels like Anki', () => {
  test('learning steps under a day carry "<"', () => {
    expect(formatInterval(en, 30)).toBe('<1m');
    expect(formatInterval(en, MIN)).toBe('<1m');
    expect(formatInterval(en, 10 * MIN)).toBe('<10m');
    expect(formatInterval(en, 5 * HOUR)).toBe('<5h');
  });

  test('days, months with one decimal, years', () => {
    expect(formatInterval(en, DAY)).toBe('1d');
    expect(formatInterval(en, 4 * DAY)).toBe('4d');
    expect(formatInterval(en, 36 * DAY)).toBe('1.2mo');
    expect(formatInterval(en, Math.round(2.3 * 365 * DAY))).toBe('2.3y');
  });

  test('Spanish units and decimal comma', () => {
    expect(formatInterval(es, 10 * MIN)).toBe('<10 min');
    expect(formatInterval(es, 4 * DAY)).toBe('4 d');
    expect(formatInterval(es, 36 * DAY)).toBe('1,2 meses');
    expect(formatInterval(es, 365 * DAY)).toBe('1 año');
  });

  test('spoken forms for screen readers', () => {
    expect(describeInterval(en, 4 * DAY)).toBe('in 4 days');
    expect(describeInterval(en, 10 * MIN)).toBe('in less than 10 minutes');
    expect(describeInterval(es, DAY)).toBe('en 1 día');
  });

  test('never negative', () => {
    expect(intervalParts(-5)).toEqual({ unit: 'minutes', count: 1, lessThan: true });
  });
});
