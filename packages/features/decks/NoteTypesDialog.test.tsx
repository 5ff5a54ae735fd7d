import type { NoteType } from '@memoria/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { NoteTypesDialog } from './NoteTypesDialog.tsx';
import { noteTypes } from './test/storyData.ts';

const api = signedInApi();
const PATH = '/be/api/space-repetition/note-types/';

function serve(types: NoteType[], answers: Record<string, { status: number; body?: unknown }>) {
  api.server.handle((r) => {
    const answer = answers[`${r.method} ${r.path}`];
    if (answer) return answer;
    if (r.method === 'GET' && r.path === PATH) return { status: 200, body: types };
    if (r.method === 'POST' && r.path === `${PATH.replace('note-types/', 'notes/preview/')}`) {
      return { status: 200, body: { cards: [] } };
    }
    return { status: 500, body: { detail: 'unscripted', code: 'internal_error' } };
  });
}

const sent = (method: string, path: string) =>
  api.server.requests
    .filter((r) => r.method === method && r.path === path)
    .map((r) => JSON.parse(r.body));

describe('NoteTypesDialog', () => {
  test('lists only own types and creates one from its fields and templates', async () => {
    const made = { ...noteTypes[6], id: 32, name: 'Verbs' } as NoteType;
    serve(noteTypes, { [`POST ${PATH}`]: { status: 201, body: made } });
    renderWithProviders(<NoteTypesDialog open onClose={() => {}} />);
    expect(await screen.findByText('Vocabulary')).toBeTruthy();
    expect(screen.queryByText('Cloze')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'New note type' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Verbs');
    await userEvent.type(screen.getByRole('textbox', { name: 'Fields' }), 'infinitive, past');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Front template' }),
      '{{{{infinitive}}',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Back template' }), '{{{{past}}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('POST', PATH)).toHaveLength(1));
    expect(sent('POST', PATH)[0]).toEqual({
      name: 'Verbs',
      fields: ['infinitive', 'past'],
      front_template: '{{infinitive}}',
      back_template: '{{past}}',
    });
    expect(await screen.findByRole('button', { name: 'New note type' })).toBeTruthy();
  });

  test('shows a template error under its template, and a type in use is not deleted', async () => {
    serve(noteTypes, {
      [`PUT ${PATH}31/`]: {
        status: 400,
        body: {
          detail: 'Validation failed.',
          code: 'validation_error',
          fields: { front_template: ['Template: unknown field verso.'] },
          field_codes: { front_template: ['template_invalid'] },
        },
      },
      [`DELETE ${PATH}31/`]: {
        status: 409,
        body: { detail: 'A note uses this note type.', code: 'conflict' },
      },
    });
    renderWithProviders(<NoteTypesDialog open onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Vocabulary' }));
    expect(await screen.findByText('Notes still use this type: delete them first.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Vocabulary' }));
    const front = screen.getByRole('textbox', { name: 'Front template' }) as HTMLTextAreaElement;
    expect(front.value).toBe('{{word}}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(front.getAttribute('aria-invalid')).toBe('true'));
  });
});
