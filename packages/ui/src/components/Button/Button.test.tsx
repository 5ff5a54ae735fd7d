import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render.tsx';
import { Button } from './Button.tsx';

describe('Button', () => {
  it('is a button named by its label and calls onClick', async () => {
    const onClick = vi.fn();
    renderWithIntl(<Button onClick={onClick}>Save</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button')).toHaveProperty('type', 'button');
  });

  it('while loading keeps its name, sets aria-busy and ignores clicks', async () => {
    const onClick = vi.fn();
    renderWithIntl(
      <Button loading onClick={onClick}>
        Signing in
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Signing in' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders a link when given href', () => {
    renderWithIntl(<Button href="/pricing">See plans</Button>);
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
  });
});
