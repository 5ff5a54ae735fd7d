import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render.tsx';
import { Badge } from './Badge.tsx';

describe('Badge', () => {
  it('says the count in words for screen readers', () => {
    renderWithIntl(<Badge count={3} />);
    expect(screen.getByText('3 notifications')).toBeTruthy();
  });
  it('uses a given label and caps the visible count', () => {
    const { container } = renderWithIntl(<Badge count={150} label="150 pending friend requests" />);
    expect(screen.getByText('150 pending friend requests')).toBeTruthy();
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe('99+');
  });
  it('is hidden at zero', () => {
    const { container } = renderWithIntl(<Badge count={0} />);
    expect(container.textContent).toBe('');
  });
  it('shows the PREMIUM label', () => {
    renderWithIntl(<Badge variant="premium" />, 'es');
    expect(screen.getByText('PREMIUM')).toBeTruthy();
  });
});
