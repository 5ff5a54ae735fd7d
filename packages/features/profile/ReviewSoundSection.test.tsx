import {
  $reviewSettings,
  DEFAULT_REVIEW_SETTINGS,
  REVIEW_SETTINGS_KEY,
  readReviewSettings,
} from '@memoria/api';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { renderWithProviders } from '../shared/test/render.tsx';
import { ReviewSoundSection } from './ReviewSoundSection.tsx';

beforeEach(() => {
  localStorage.clear();
  $reviewSettings.set({ ...DEFAULT_REVIEW_SETTINGS });
});

test('both on by default; a change is stored in this browser and read back', () => {
  renderWithProviders(<ReviewSoundSection />, { locale: 'es' });
  const autoPlay = screen.getByRole<HTMLInputElement>('checkbox', {
    name: 'Reproducir los sonidos y la voz de una tarjeta al mostrarla',
  });
  const speech = screen.getByRole<HTMLInputElement>('checkbox', { name: /Leer el texto/ });
  expect([autoPlay.checked, speech.checked]).toEqual([true, true]);

  fireEvent.click(speech);
  expect(speech.checked).toBe(false);
  expect($reviewSettings.get()).toEqual({ autoPlay: true, speech: false });
  expect(JSON.parse(localStorage.getItem(REVIEW_SETTINGS_KEY) ?? '{}')).toEqual({
    autoPlay: true,
    speech: false,
  });
  expect(readReviewSettings()).toEqual({ autoPlay: true, speech: false });
});

test('an unreadable stored value falls back to the defaults', () => {
  localStorage.setItem(REVIEW_SETTINGS_KEY, '{"autoPlay":"yes"');
  expect(readReviewSettings()).toEqual(DEFAULT_REVIEW_SETTINGS);
  localStorage.setItem(REVIEW_SETTINGS_KEY, '{"autoPlay":false}');
  expect(readReviewSettings()).toEqual({ autoPlay: false, speech: true });
});
