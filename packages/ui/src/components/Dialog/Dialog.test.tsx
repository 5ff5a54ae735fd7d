import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render.tsx';
import { Dialog } from './Dialog.tsx';

function Demo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Macro Images">
        <button type="button">Upgrade now</button>
      </Dialog>
    </>
  );
}

/** A form dialog as the features build them: submit button in the actions, tied by `form=`. */
function FormDemo({ onSubmit }: { onSubmit: (name: string) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(name);
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        New deck
      </button>
      {open ? (
        <Dialog
          open
          onClose={() => setOpen(false)}
          title="New deck"
          actions={
            <>
              <button type="button" onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button type="submit" form="deck-form">
                Create
              </button>
            </>
          }
        >
          <form id="deck-form" onSubmit={submit}>
            <label>
              Deck name
              <input value={name} onChange={(event) => setName(event.target.value)} />
            </label>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}

function ConfirmDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete deck
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete deck?"
        description="Its cards go too."
        actions={
          <>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="button">Delete</button>
          </>
        }
      />
    </>
  );
}

describe('Dialog', () => {
  it('opens labelled by its title, closes on Escape and returns focus', async () => {
    renderWithIntl(<Demo />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Macro Images' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Upgrade now' }));
    await userEvent.keyboard('{Escape}');
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its named close button', async () => {
    renderWithIntl(<Demo />, 'es');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('button', { name: 'Upgrade now' })).toBeNull();
  });

  it('focuses the first field, submits on Enter and returns focus when it unmounts', async () => {
    const onSubmit = vi.fn();
    renderWithIntl(<FormDemo onSubmit={onSubmit} />);
    const opener = screen.getByRole('button', { name: 'New deck' });
    await userEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Deck name' }));
    await userEvent.keyboard('Spanish verbs{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Spanish verbs');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('focuses the least destructive action of a confirmation, never the close button', async () => {
    renderWithIntl(<ConfirmDemo />);
    const opener = screen.getByRole('button', { name: 'Delete deck' });
    await userEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
