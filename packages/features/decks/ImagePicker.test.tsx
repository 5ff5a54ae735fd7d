import { screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { renderWithProviders } from '../shared/test/render.tsx';
import * as s from './decks.css.ts';
import { ImagePicker } from './ImagePicker.tsx';

// The browser's own file control shows "No file chosen" next to the attached files list; it is
// hidden on screen and a styled label, in the app's language, opens it.
test('the native file control is hidden behind a styled, translated "Choose" label', () => {
  renderWithProviders(<ImagePicker label="Imágenes" multiple onPicked={vi.fn()} />, {
    locale: 'es',
  });
  const input = screen.getByLabelText('Imágenes Elegir imágenes') as HTMLInputElement;
  expect(input.type).toBe('file');
  expect(input.className).toContain(s.fileInput);
  const choose = screen.getByText('Elegir imágenes').closest('label');
  expect(choose?.htmlFor).toBe(input.id);
  expect(choose?.className).toContain(s.filePicker);
});
