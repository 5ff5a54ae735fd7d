import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render.tsx';
import { TextArea } from './TextArea.tsx';

describe('TextArea', () => {
  it('labels the field and links helper and error text', () => {
    renderWithIntl(<TextArea label="Front" helperText="A question" error="Enter a front" />);
    const field = screen.getByLabelText('Front');
    expect(field.tagName).toBe('TEXTAREA');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Enter a front',
      'A question',
    ]);
  });

  it('is not invalid without an error and takes several lines', async () => {
    renderWithIntl(<TextArea label="Message" />);
    const field = screen.getByLabelText('Message') as HTMLTextAreaElement;
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    await userEvent.type(field, 'one{Enter}two');
    expect(field.value).toBe('one\ntwo');
  });
});
