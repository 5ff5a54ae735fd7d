import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render.tsx';
import { TextField } from './TextField.tsx';

describe('TextField', () => {
  it('labels the input and links helper and error text', () => {
    renderWithIntl(
      <TextField label="Email" helperText="We never share it" error="Enter a valid email" />,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = ids.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['Enter a valid email', 'We never share it']);
  });

  it('is not invalid without an error', () => {
    renderWithIntl(<TextField label="Email" />);
    expect(screen.getByLabelText('Email').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByLabelText('Email').hasAttribute('aria-describedby')).toBe(false);
  });

  it('shows and hides a password with a named toggle', async () => {
    renderWithIntl(<TextField label="Password" type="password" />, 'es');
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(input.getAttribute('type')).toBe('text');
    expect(
      screen.getByRole('button', { name: 'Ocultar contraseña' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });
});
