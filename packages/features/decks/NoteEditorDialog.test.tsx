import type { RecordedRequest, Reply } from '@memoria/api/test/http-server';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { NoteEditorDialog } from './NoteEditorDialog.tsx';
import { CLOZE_TEXT, clozePreview, note, noteTypes } from './test/storyData.ts';

const api = signedInApi();
const MEDIA_URL = `/be/api/space-repetition/media/${'a'.repeat(64)}/`;
/** The smallest GIF: the occlusion image the test server answers. */
const GIF = 'R0lGODlhAQABAAAAACw=';

type Route = (request: RecordedRequest) => Reply | undefined;

/** Answers by method and path; `extra` first (what a test scripts), then the common reads. */
function serve(...extra: Route[]) {
  api.server.handle((request) => {
    for (const route of extra) {
      const reply = route(request);
      if (reply) return reply;
    }
    const at = `${request.method} ${request.path.replace('/be/api/space-repetition', '')}`;
    if (at === 'GET /note-types/') return { status: 200, body: noteTypes };
    if (at === 'POST /notes/preview/') return { status: 200, body: { cards: [] } };
    if (at === 'POST /desks/7/media/') {
      return {
        status: 201,
        body: { hash: 'a'.repeat(64), url: MEDIA_URL, mime: 'image/gif', size: 14 },
      };
    }
    if (at.startsWith('GET /media/')) {
      return { status: 200, body: GIF, headers: { 'Content-Type': 'image/gif' } };
    }
    return { status: 500, body: { detail: `unscripted ${at}`, code: 'internal_error' } };
  });
}

const on =
  (method: string, path: string, reply: Reply | ((r: RecordedRequest) => Reply)): Route =>
  (request) =>
    request.method === method && request.path === `/be/api/space-repetition${path}`
      ? typeof reply === 'function'
        ? reply(request)
        : reply
      : undefined;

/** The TipTap editor of the field labelled `name`, once its chunk has loaded. */
async function fieldEditor(name: string): Promise<{ box: HTMLElement; editor: Editor }> {
  const box = await screen.findByRole('textbox', { name }, { timeout: 5000 });
  return { box, editor: (box as HTMLElement & { editor: Editor }).editor };
}

async function typeInto(name: string, text: string) {
  const { editor } = await fieldEditor(name);
  act(() => {
    editor.chain().focus().insertContent(text).run();
  });
}

const bodyOf = (path: string, method = 'POST') =>
  api.server.requests
    .filter((r) => r.method === method && r.path === `/be/api/space-repetition${path}`)
    .map((r) => JSON.parse(r.body));

function open(props: Partial<Parameters<typeof NoteEditorDialog>[0]> = {}) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <NoteEditorDialog open deckId={7} onClose={onClose} onSaved={onSaved} {...props} />,
  );
  return { onSaved, onClose };
}

describe('NoteEditorDialog', () => {
  test('creates a cloze note, with a live preview of its two cards', async () => {
    serve(
      on('POST', '/notes/preview/', { status: 200, body: clozePreview }),
      on('POST', '/notes/', (r) => ({ status: 201, body: note(JSON.parse(r.body)) })),
    );
    const { onSaved } = open();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Note type' }),
      'Cloze',
    );
    await typeInto('Text', CLOZE_TEXT);
    await waitFor(
      () => {
        expect(screen.getByRole('listitem', { name: 'Card 1' })).toBeTruthy();
        expect(screen.getByRole('listitem', { name: 'Card 2' })).toBeTruthy();
      },
      { timeout: 5000 },
    );
    expect(screen.getByRole('listitem', { name: 'Card 1' }).textContent).toContain(
      '[city] is the capital of Australia.',
    );
    expect(screen.getByRole('listitem', { name: 'Card 2' }).textContent).toContain(
      'Canberra is the capital of […].',
    );
    const [asked] = bodyOf('/notes/preview/').slice(-1);
    expect(asked).toEqual({
      desk_id: 7,
      note_type: 'cloze',
      fields: { text: CLOZE_TEXT, extra: '' },
    });

    const tags = screen.getByRole('textbox', { name: 'Tags' });
    await userEvent.type(tags, 'geography,capitals{Enter}');
    expect(screen.getByRole('button', { name: 'Remove geography' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove capitals' })).toBeTruthy();
    // Enter made a chip: nothing was sent.
    expect(bodyOf('/notes/')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodyOf('/notes/')).toEqual([
      {
        desk_id: 7,
        note_type: 'cloze',
        fields: { text: CLOZE_TEXT, extra: '' },
        tags: ['geography', 'capitals'],
      },
    ]);
  });

  test('shows the server’s field error under the field it names', async () => {
    serve(
      on('POST', '/notes/', {
        status: 400,
        body: {
          detail: 'Validation failed.',
          code: 'validation_error',
          fields: { 'fields.text': ['Mark a cloze deletion.'] },
          field_codes: { 'fields.text': ['cloze_deletion_required'] },
        },
      }),
    );
    open();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Note type' }),
      'Cloze',
    );
    await typeInto('Text', 'No deletion here');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = 'Mark at least one part to hide as a cloze deletion.';
    await screen.findByText(message);
    const { box } = await fieldEditor('Text');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const described = (box.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(message);
    // Under Text only: Extra stays valid and the banner does not repeat it.
    const extra = (await fieldEditor('Extra')).box;
    expect(extra.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByText('The note could not be saved.')).toBeNull();
  });

  test('makes an image occlusion note: the image uploaded first, then masks and the mode', async () => {
    serve(on('POST', '/notes/', (r) => ({ status: 201, body: note(JSON.parse(r.body)) })));
    const { onSaved } = open();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Note type' }),
      'Image Occlusion',
    );
    expect(
      screen.getByText('Choose the image first, then draw masks over what to hide.'),
    ).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([Uint8Array.from(atob(GIF), (c) => c.charCodeAt(0))], 'heart.gif', {
      type: 'image/gif',
    });
    fireEvent.change(input, { target: { files: [file] } });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add mask' }, { timeout: 5000 }),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Hide one, guess one' }));
    await typeInto('Header', 'Heart');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [uploaded] = api.server.hits('/be/api/space-repetition/desks/7/media/');
    expect(uploaded?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(uploaded?.body).toContain('filename="heart.gif"');
    // The image is read with the bearer token (an <img src> could not send it).
    const [read] = api.server.hits(MEDIA_URL);
    expect(read?.headers.authorization).toBe('Bearer token');
    const [sent] = bodyOf('/notes/');
    expect(sent.note_type).toBe('image_occlusion');
    expect(sent.fields.image).toBe(`<img src="${MEDIA_URL}">`);
    expect(sent.fields.header).toBe('Heart');
    expect(JSON.parse(sent.fields.masks)).toEqual({
      mode: 'hide_one_guess_one',
      shapes: [{ kind: 'rect', ordinal: 1, left: 0.4, top: 0.4, width: 0.2, height: 0.2 }],
    });
  });

  test('editing keeps the note’s type, fields and tags', async () => {
    const saved = note();
    serve(on('PUT', '/notes/55/', (r) => ({ status: 200, body: note(JSON.parse(r.body)) })));
    const { onSaved } = open({ note: saved });
    expect(await screen.findByRole('heading', { name: 'Edit note' })).toBeTruthy();
    const type = (await screen.findByRole('combobox', { name: 'Note type' })) as HTMLSelectElement;
    expect(type.value).toBe('cloze');
    expect(type.disabled).toBe(true);
    const { editor } = await fieldEditor('Text');
    expect(editor.getText()).toBe(CLOZE_TEXT);
    expect(screen.getByRole('button', { name: 'Remove capitals' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodyOf('/notes/55/', 'PUT')).toEqual([
      { fields: saved.fields, tags: ['geography', 'capitals'] },
    ]);
  });
});
