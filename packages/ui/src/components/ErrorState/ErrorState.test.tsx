import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render.tsx';
import { ErrorState } from './ErrorState.tsx';

describe('ErrorState', () => {
  it('announces what failed and why, and Retry runs onRetry', async () => {
    const onRetry = vi.fn();
    renderWithIntl(
      <ErrorState
        title="Could not load"
        description="Connection lost"
        retryLabel="Retry"
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load');
    expect(alert.textContent).toContain('Connection lost');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the reason alone when there is no title', () => {
    renderWithIntl(
      <ErrorState description="Connection lost" retryLabel="Retry" onRetry={() => {}} />,
    );
    expect(screen.getByRole('alert').querySelector('strong')).toBeNull();
  });
});
