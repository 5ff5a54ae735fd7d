import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render.tsx';
import { Menu } from './Menu.tsx';

const onLogout = vi.fn();
const items = [
  { id: 'profile', label: 'Profile' },
  { id: 'off', label: 'Disabled', disabled: true },
  { id: 'progress', label: 'My progress' },
  { id: 'logout', label: 'Logout', onSelect: onLogout },
];

describe('Menu', () => {
  it('opens from the keyboard and moves with arrows, skipping disabled items', async () => {
    renderWithIntl(<Menu trigger="Account" items={items} maxHeight={250} />);
    const trigger = screen.getByRole('button', { name: 'Account' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu').style.maxHeight).toBe('250px');
    expect(document.activeElement?.textContent).toBe('Profile');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('My progress');
    await userEvent.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Logout');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Profile');
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Logout');
    await userEvent.keyboard('{Enter}');
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on Escape and returns focus to the button', async () => {
    renderWithIntl(<Menu trigger="Account" items={items} />);
    const trigger = screen.getByRole('button', { name: 'Account' });
    await userEvent.click(trigger);
    expect(screen.getAllByRole('menuitem')).toHaveLength(4);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('keeps the focus in the menu when the focused item is taken out while it is open', async () => {
    const { rerender } = renderWithIntl(<Menu trigger="Account" items={items} />);
    const trigger = screen.getByRole('button', { name: 'Account' });
    await userEvent.click(trigger);
    expect(document.activeElement?.textContent).toBe('Profile');
    rerender(<Menu trigger="Account" items={items.slice(1)} />);
    // The item now first takes the focus, so Escape still closes the menu.
    expect(document.activeElement?.textContent).toBe('Disabled');
    await userEvent.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Logout');
    rerender(<Menu trigger="Account" items={items.slice(1, 3)} />);
    expect(document.activeElement?.textContent).toBe('My progress');
    rerender(<Menu trigger="Account" items={[]} />);
    expect(document.activeElement).toBe(trigger);
    await userEvent.keyboard('{Escape}');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });
});
