/** Client-side checks of the deck screens, with the spec's §5 wording as message ids. */
import { IMAGE_TYPES, MAX_IMAGE_BYTES, NEW_CARDS_PER_DAY } from '@memoria/api';
import type { DecksMessageId } from './messages.ts';

/** The spec's 'Please enter a desk name', worded 'deck' as the field's label is (a newcomer fix). */
export function validateDeckName(name: string): DecksMessageId | null {
  return name.trim() === '' ? 'decks.validation.deskNameRequired' : null;
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** Emails separated by commas, semicolons, spaces or new lines; duplicates removed. */
export function parseEmails(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const email = part.trim().toLowerCase();
    if (email) seen.add(email);
  }
  return [...seen];
}

/** 'Please enter at least one email address', or the first malformed address. */
export function validateEmails(emails: string[]): { id: DecksMessageId; email?: string } | null {
  if (emails.length === 0) return { id: 'decks.validation.emailsRequired' };
  const bad = emails.find((email) => !EMAIL.test(email));
  return bad ? { id: 'decks.validation.emailInvalid', email: bad } : null;
}

/** New cards per day: a whole number from 0 (paused) to 9999. */
export function validateNewCardsPerDay(value: string): DecksMessageId | null {
  if (!/^\d+$/.test(value.trim())) return 'decks.validation.newCardsRange';
  const n = Number(value);
  return n < NEW_CARDS_PER_DAY.min || n > NEW_CARDS_PER_DAY.max
    ? 'decks.validation.newCardsRange'
    : null;
}

/** 'Please provide either text or an image' when both are missing. */
export function validateGenerationSource(text: string, images: number): DecksMessageId | null {
  return text.trim() === '' && images === 0 ? 'decks.validation.textOrImage' : null;
}

/** A picked or captured image, checked as the server would (type and 2 MiB). */
export function validateImageFile(file: { type: string; size: number }): DecksMessageId | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'decks.validation.imageType';
  if (file.size > MAX_IMAGE_BYTES) return 'decks.validation.imageTooLarge';
  return null;
}

/** A card needs text or an image on each side. */
export function validateCard(card: {
  front: string;
  back: string;
  frontImage?: string | null;
  backImage?: string | null;
}): { front?: DecksMessageId; back?: DecksMessageId } {
  const out: { front?: DecksMessageId; back?: DecksMessageId } = {};
  if (!card.front.trim() && !card.frontImage) out.front = 'decks.validation.frontRequired';
  if (!card.back.trim() && !card.backImage) out.back = 'decks.validation.backRequired';
  return out;
}
