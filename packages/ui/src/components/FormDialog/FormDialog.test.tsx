import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render.tsx';
import { FormDialog } from './FormDialog.tsx';

function Demo({ onSave, pending = false }: { onSave: (name: string) => void; pending?: boolean }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave(name);
  };
  return (
    <FormDialog
      open={open}
      onClose={() => setOpen(false)}
      title="New deck"
      cancelLabel="Cancel"
      submitLabel="Create"
      pending={pending}
      onSubmit={onSubmit}
    >
      <label>
        Deck name
        <input required value={name} onChange={(event) => setName(event.target.value)} />
      </label>
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('sends its form from the submit button and from Enter in a field, unvalidated', async () => {
    const onSave = vi.fn();
    renderWithIntl(<Demo onSave={onSave} />);
    // `required` would stop a validated form: the caller validates instead.
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSave).toHaveBeenLastCalledWith('');
    await userEvent.type(screen.getByRole('textbox', { name: 'Deck name' }), 'Verbs{Enter}');
    expect(onSave).toHaveBeenLastCalledWith('Verbs');
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('closes from its cancel button without sending', async () => {
    const onSave = vi.fn();
    renderWithIntl(<Demo onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('does not send again while pending', async () => {
    const onSave = vi.fn();
    renderWithIntl(<Demo onSave={onSave} pending />);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSave).not.toHaveBeenCalled();
  });
});
