import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render.tsx';
import { Tabs } from './Tabs.tsx';

const tabs = [
  { id: 'login', label: 'Login', content: 'Login form' },
  { id: 'register', label: 'Register', content: 'Register form' },
];

describe('Tabs', () => {
  it('has one tab stop and moves selection with arrow keys', async () => {
    renderWithIntl(<Tabs aria-label="Authentication" tabs={tabs} />);
    const [login, register] = screen.getAllByRole('tab');
    expect(screen.getByRole('tablist', { name: 'Authentication' })).toBeTruthy();
    expect(login?.getAttribute('tabindex')).toBe('0');
    expect(register?.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('tabpanel', { name: 'Login' }).textContent).toBe('Login form');
    login?.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(register);
    expect(register?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Register' }).textContent).toBe('Register form');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(login);
  });
});
