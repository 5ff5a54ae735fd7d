import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render.tsx';
import { Tooltip } from './Tooltip.tsx';

describe('Tooltip', () => {
  it('shows on focus, describes the trigger and hides on Escape', async () => {
    renderWithIntl(
      <Tooltip content="3 unread">
        <button type="button">Notifications</button>
      </Tooltip>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.tab();
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('3 unread');
    expect(screen.getByRole('button').getAttribute('aria-describedby')).toBe(tip.id);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button'));
  });

  it('shows on hover', async () => {
    renderWithIntl(
      <Tooltip content="Search (Ctrl+K)">
        <button type="button">Search</button>
      </Tooltip>,
    );
    await userEvent.hover(screen.getByRole('button'));
    expect(screen.getByRole('tooltip').textContent).toBe('Search (Ctrl+K)');
    await userEvent.unhover(screen.getByRole('button'));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
