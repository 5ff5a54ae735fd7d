import { ApiRequestError } from '@memoria/api';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from './test/render.tsx';
import { type ApiFormOptions, useApiForm } from './useApiForm.ts';

type Values = { email: string; name: string };

function Form(props: Partial<ApiFormOptions<Values, string>>) {
  const form = useApiForm<Values, string>({
    initial: { email: '', name: '' },
    fields: ['email', 'name'],
    failedId: 'auth.register.failed',
    submit: async () => 'ok',
    ...props,
  });
  return (
    <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
      {form.banner ? <p role="alert">{form.banner}</p> : null}
      {(['email', 'name'] as const).map((name) => {
        const { error, ...input } = form.bind(name);
        return (
          <label key={name}>
            {name}
            <input {...input} />
            {error ? <span data-testid={`${name}-error`}>{error}</span> : null}
          </label>
        );
      })}
      <button type="submit" aria-busy={form.pending}>
        Send
      </button>
    </form>
  );
}

const taken = new ApiRequestError(400, {
  detail: 'Invalid',
  code: 'validation_error',
  fields: { email: ['taken'], website: ['bad'] },
  field_codes: { email: ['email_taken'], website: ['invalid_website'] },
});

const send = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));

describe('useApiForm', () => {
  it('submits the typed values and calls onSuccess with the result', async () => {
    const submit = vi.fn(async () => 'made');
    const onSuccess = vi.fn();
    renderWithProviders(<Form submit={submit} onSuccess={onSuccess} />);
    fireEvent.change(screen.getByLabelText('email'), { target: { value: 'a@b.co' } });
    await send();
    expect(submit).toHaveBeenCalledWith({ email: 'a@b.co', name: '' });
    expect(onSuccess).toHaveBeenCalledWith('made', { email: 'a@b.co', name: '' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stops at a failed check: a banner message, or a message under a field', async () => {
    const submit = vi.fn(async () => 'made');
    const { unmount } = renderWithProviders(
      <Form submit={submit} validate={() => ({ bannerId: 'auth.register.allFieldsRequired' })} />,
    );
    await send();
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('All fields are required');
    unmount();
    renderWithProviders(
      <Form
        submit={submit}
        validate={() => ({ fieldIds: { name: 'schools.field.nameRequired' } })}
      />,
    );
    await send();
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByTestId('name-error').textContent).not.toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows a failure's field errors under the fields and the rest in the banner", async () => {
    renderWithProviders(
      <Form
        submit={async () => {
          throw taken;
        }}
      />,
    );
    await send();
    expect(screen.getByTestId('email-error').textContent).toBe(
      'A user with this email already exists.',
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter a web address starting with http:// or https://.',
    );
  });

  it('keeps the banner out while a field shows an error when bannerBesideFields is false', async () => {
    const onlyEmail = new ApiRequestError(400, {
      detail: 'Invalid',
      code: 'validation_error',
      field_codes: { email: ['email_taken'] },
    });
    renderWithProviders(
      <Form
        bannerBesideFields={false}
        submit={async () => {
          throw onlyEmail;
        }}
      />,
    );
    await send();
    expect(screen.getByTestId('email-error')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lets onFailure show a failure itself', async () => {
    renderWithProviders(
      <Form
        submit={async () => {
          throw taken;
        }}
        onFailure={() => true}
      />,
    );
    await send();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('email-error')).toBeNull();
  });

  it('is pending from the submit until the call ended', async () => {
    let finish: (value: string) => void = () => {};
    renderWithProviders(
      <Form submit={() => new Promise<string>((resolve) => (finish = resolve))} />,
    );
    await send();
    expect(screen.getByRole('button').getAttribute('aria-busy')).toBe('true');
    await act(async () => finish('done'));
    expect(screen.getByRole('button').getAttribute('aria-busy')).toBe('false');
  });

  it('shows every failure under the one field with errorUnder, and no banner', async () => {
    const conflict = new ApiRequestError(409, { detail: 'Conflict', code: 'conflict' });
    renderWithProviders(
      <Form
        errorUnder="name"
        submit={async () => {
          throw conflict;
        }}
      />,
    );
    await send();
    expect(screen.getByTestId('name-error').textContent).toBe(
      'This changed in the meantime. Reload and try again.',
    );
    expect(screen.queryByTestId('email-error')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears the errors shown as the learner types with clearErrorsOnChange', async () => {
    renderWithProviders(
      <Form
        errorUnder="name"
        clearErrorsOnChange
        submit={async () => {
          throw taken;
        }}
      />,
    );
    await send();
    expect(screen.getByTestId('name-error').textContent).toBe(
      'A user with this email already exists.',
    );
    const name = document.querySelector('input[name="name"]') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'x' } });
    expect(screen.queryByTestId('name-error')).toBeNull();
  });
});
