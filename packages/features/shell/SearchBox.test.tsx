import { $session, setNavigate } from '@memoria/api';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../shared/test/render.tsx';
import { SEARCH_OPEN_DELAY_MS, SearchBox } from './SearchBox.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  // Signed out: deck and chat searches stay idle, only the submodes list.
  $session.set({ signedIn: false, email: null });
  setNavigate(vi.fn());
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SearchBox', () => {
  test('the dropdown opens 300 ms after typing, not before', () => {
    expect(SEARCH_OPEN_DELAY_MS).toBe(300);
    renderWithProviders(<SearchBox />);
    const input = screen.getByRole('combobox', { name: 'Search' });
    fireEvent.change(input, { target: { value: 'duel' } });

    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toContain('Desk duel');
    expect(options).not.toContain('Macro Images');
  });

  test('each keystroke restarts the delay', () => {
    renderWithProviders(<SearchBox />);
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'd' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(input, { target: { value: 'du' } });
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('listbox')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('listbox')).toBeTruthy();
  });

  test('Ctrl+K and Cmd+K focus it; arrows and Enter navigate', () => {
    const navigate = vi.fn();
    setNavigate(navigate);
    renderWithProviders(<SearchBox />);
    const input = screen.getByRole('combobox');
    fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(input);
    input.blur();
    fireEvent.keyDown(document, { key: 'K', metaKey: true });
    expect(document.activeElement).toBe(input);

    fireEvent.change(input, { target: { value: 'conversion' } });
    act(() => vi.advanceTimersByTime(SEARCH_OPEN_DELAY_MS));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(navigate).toHaveBeenCalledWith('/conversion-table');
    expect(screen.queryByRole('listbox')).toBeNull();
    // The top bar stays on the next page (the client router): the pick empties the box.
    expect((input as HTMLInputElement).value).toBe('');
  });

  test("'No results' when nothing matches; Escape closes", () => {
    renderWithProviders(<SearchBox />, { locale: 'es' });
    const input = screen.getByRole('combobox', { name: 'Buscar' });
    fireEvent.change(input, { target: { value: 'zzz' } });
    act(() => vi.advanceTimersByTime(SEARCH_OPEN_DELAY_MS));
    expect(screen.getByText('Sin resultados')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  // Issue 40 item 1: the friends page is one search away at every width.
  test.each([
    ['en', 'friend', 'Friends'],
    ['es', 'amigo', 'Amigos'],
  ] as const)('searching %s "%s" offers the friends page', (locale, term, label) => {
    const navigate = vi.fn();
    setNavigate(navigate);
    renderWithProviders(<SearchBox />, { locale });
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: term } });
    act(() => vi.advanceTimersByTime(SEARCH_OPEN_DELAY_MS));
    fireEvent.click(screen.getByRole('option', { name: label }));
    expect(navigate).toHaveBeenCalledWith('/friends');
  });
});
