import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render.tsx';
import { SNACKBAR_AUTO_HIDE_MS, Snackbar } from './Snackbar.tsx';

describe('Snackbar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('auto-hides after 6 s by default', () => {
    const onClose = vi.fn();
    renderWithIntl(<Snackbar open message="Saved" onClose={onClose} />);
    expect(screen.getByRole('status').textContent).toContain('Saved');
    expect(SNACKBAR_AUTO_HIDE_MS).toBe(6000);
    act(() => vi.advanceTimersByTime(5999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledWith('timeout');
  });

  it('errors are alerts with an action and a close button', () => {
    const onClose = vi.fn();
    const retry = vi.fn();
    renderWithIntl(
      <Snackbar
        open
        severity="error"
        message="Connection lost. Redirecting to login..."
        action={{ label: 'Retry', onClick: retry }}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Connection lost');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith('action');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith('close');
  });

  it('pauses the timer while hovered', () => {
    const onClose = vi.fn();
    renderWithIntl(<Snackbar open message="Saved" onClose={onClose} />);
    fireEvent.mouseEnter(screen.getByText('Saved'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(onClose).not.toHaveBeenCalled();
  });
});
