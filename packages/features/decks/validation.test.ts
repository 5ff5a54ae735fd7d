import { MAX_IMAGE_BYTES } from '@memoria/api';
import { describe, expect, test } from 'vitest';
import { messages } from '../messages.ts';
import {
  parseEmails,
  validateDeckName,
  validateEmails,
  validateGenerationSource,
  validateImageFile,
  validateNewCardsPerDay,
} from './validation.ts';

describe('deck validation (spec §5)', () => {
  test('blank deck name', () => {
    expect(validateDeckName('  ')).toBe('decks.validation.deskNameRequired');
    expect(validateDeckName('Capitals')).toBeNull();
    // The spec's key; its text names the field the way the field's label does (issue 9, item 10).
    expect(messages.en['decks.validation.deskNameRequired']).toBe('Please enter a deck name');
    for (const locale of ['en', 'es'] as const) {
      const label = (messages[locale]['decks.field.name'] ?? '').toLocaleLowerCase(locale);
      const message = messages[locale]['decks.validation.deskNameRequired'] ?? '';
      expect(label).not.toBe('');
      expect(message.toLocaleLowerCase(locale)).toContain(label);
    }
  });

  test('at least one email', () => {
    expect(validateEmails(parseEmails(' , \n'))).toEqual({ id: 'decks.validation.emailsRequired' });
    expect(messages.en['decks.validation.emailsRequired']).toBe(
      'Please enter at least one email address',
    );
    expect(parseEmails('a@x.io, B@x.io;\na@x.io')).toEqual(['a@x.io', 'b@x.io']);
    expect(validateEmails(['a@x.io', 'nope'])).toEqual({
      id: 'decks.validation.emailInvalid',
      email: 'nope',
    });
  });

  test('text or image', () => {
    expect(validateGenerationSource(' ', 0)).toBe('decks.validation.textOrImage');
    expect(validateGenerationSource('', 1)).toBeNull();
    expect(messages.en['decks.validation.textOrImage']).toBe(
      'Please provide either text or an image',
    );
  });

  test('new cards per day 0 (pauses new cards, issue 40) to 9999', () => {
    for (const bad of ['-1', '10000', '2.5', '', 'x']) {
      expect(validateNewCardsPerDay(bad)).toBe('decks.validation.newCardsRange');
    }
    expect(validateNewCardsPerDay('0')).toBeNull();
    expect(validateNewCardsPerDay('1')).toBeNull();
    expect(validateNewCardsPerDay('9999')).toBeNull();
  });

  test('images: type and 2 MiB, as the server checks', () => {
    expect(validateImageFile({ type: 'application/pdf', size: 10 })).toBe(
      'decks.validation.imageType',
    );
    expect(validateImageFile({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe(
      'decks.validation.imageTooLarge',
    );
    expect(validateImageFile({ type: 'image/jpeg', size: MAX_IMAGE_BYTES })).toBeNull();
  });
});
