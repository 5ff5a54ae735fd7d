import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render.tsx';
import { FieldEditor, type FieldEditorProps } from './FieldEditor.tsx';
import { toFieldHtml } from './fieldHtml.ts';

type Upload = FieldEditorProps['onUploadMedia'];

/** A field as the feature code will hold it: its HTML in state, the last value seen by the test. */
function Field({
  initial,
  seen,
  onUploadMedia = async () => ({ url: '/media/x' }),
  otherFieldsText,
}: {
  initial: string;
  seen: { html: string };
  onUploadMedia?: Upload;
  otherFieldsText?: string;
}) {
  const [html, setHtml] = useState(initial);
  return (
    <FieldEditor
      label="Text"
      value={html}
      onChange={(next) => {
        seen.html = next;
        setHtml(next);
      }}
      onUploadMedia={onUploadMedia}
      otherFieldsText={otherFieldsText}
    />
  );
}

async function mount(initial: string, props: Partial<Parameters<typeof Field>[0]> = {}) {
  const seen = { html: initial };
  renderWithIntl(<Field initial={initial} seen={seen} {...props} />);
  const box = await screen.findByRole('textbox', { name: 'Text' });
  // TipTap hangs its editor on the editable element: the test selects text through it, as a
  // mouse would, and then presses real keys.
  const editor = (box as HTMLElement & { editor: Editor }).editor;
  return { box, editor, seen };
}

/** Selects the first occurrence of `word` in the document. */
function select(editor: Editor, word: string) {
  let found: { from: number; to: number } | null = null;
  editor.state.doc.descendants((node, pos) => {
    if (found || !node.isText) return;
    const at = node.text?.indexOf(word) ?? -1;
    if (at >= 0) found = { from: pos + at, to: pos + at + word.length };
  });
  if (!found) throw new Error(`no ${word}`);
  act(() => {
    editor
      .chain()
      .focus()
      .setTextSelection(found as unknown as { from: number; to: number })
      .run();
  });
}

describe('FieldEditor', () => {
  it('names the text box and the toolbar buttons with their shortcuts', async () => {
    await mount('');
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bold (Ctrl+B)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New cloze (Ctrl+Shift+C)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Math' })).toBeTruthy();
  });

  it('makes the selection bold with Ctrl+B and writes <b>', async () => {
    const { box, editor, seen } = await mount('the mitochondria');
    select(editor, 'mitochondria');
    await userEvent.type(box, '{Control>}b{/Control}', { skipClick: true });
    expect(seen.html).toBe('the <b>mitochondria</b>');
    expect(screen.getByRole('button', { name: 'Bold (Ctrl+B)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('italic and underline with Ctrl+I and Ctrl+U', async () => {
    const { box, editor, seen } = await mount('one two');
    select(editor, 'one');
    await userEvent.type(box, '{Control>}i{/Control}', { skipClick: true });
    select(editor, 'two');
    await userEvent.type(box, '{Control>}u{/Control}', { skipClick: true });
    expect(seen.html).toBe('<i>one</i> <u>two</u>');
  });

  it('numbers each new cloze one past the highest, and Ctrl+Shift+Alt+C reuses it', async () => {
    const { box, editor, seen } = await mount('Paris is the capital of France in Europe');
    select(editor, 'Paris');
    await userEvent.type(box, '{Control>}{Shift>}C{/Shift}{/Control}', { skipClick: true });
    expect(seen.html).toBe('{{c1::Paris}} is the capital of France in Europe');
    select(editor, 'France');
    await userEvent.type(box, '{Control>}{Shift>}C{/Shift}{/Control}', { skipClick: true });
    select(editor, 'Europe');
    await userEvent.type(box, '{Control>}{Shift>}{Alt>}C{/Alt}{/Shift}{/Control}', {
      skipClick: true,
    });
    expect(seen.html).toBe('{{c1::Paris}} is the capital of {{c2::France}} in {{c2::Europe}}');
  });

  it("counts the note's other fields when numbering a cloze", async () => {
    const { box, editor, seen } = await mount('Madrid', { otherFieldsText: '{{c3::Spain}}' });
    select(editor, 'Madrid');
    await userEvent.type(box, '{Control>}{Shift>}C{/Shift}{/Control}', { skipClick: true });
    expect(seen.html).toBe('{{c4::Madrid}}');
  });

  it('uploads a pasted image through onUploadMedia and inserts the returned URL', async () => {
    const uploaded: File[] = [];
    const onUploadMedia: Upload = async (file) => {
      uploaded.push(file);
      return { url: '/be/api/media/abc123.png' };
    };
    const { box, seen } = await mount('cell', { onUploadMedia });
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'cell.png', { type: 'image/png' });
    const clipboardData = { files: [image], getData: () => '', types: ['Files'] };
    fireEvent.paste(box, { clipboardData });
    await waitFor(() => expect(seen.html).toContain('<img'));
    expect(uploaded).toEqual([image]);
    expect(seen.html).toContain('src="/be/api/media/abc123.png"');
    expect(screen.getByRole('status').textContent).toBe('cell.png added');
  });

  it('says so when an upload fails and inserts nothing', async () => {
    const onUploadMedia = vi.fn<Upload>(async () => {
      throw new Error('413');
    });
    const { box, seen } = await mount('cell', { onUploadMedia });
    const clip = new File(['x'], 'big.mp3', { type: 'audio/mpeg' });
    fireEvent.paste(box, { clipboardData: { files: [clip], getData: () => '', types: ['Files'] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'big.mp3 could not be uploaded. Try again.',
    );
    expect(seen.html).toBe('cell');
  });

  it('previews math with KaTeX and inserts it as \\(…\\)', async () => {
    const { editor, seen } = await mount('Energy');
    act(() => {
      editor.commands.focus('end');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Math' }));
    const source = screen.getByRole('textbox', { name: 'LaTeX' });
    expect(document.activeElement).toBe(source);
    await userEvent.type(source, 'E=mc^2');
    // KaTeX is a chunk of its own, loaded when the panel opens.
    const preview = await screen.findByTestId('math-preview');
    expect(preview.querySelector('.katex')).not.toBeNull();
    expect(screen.getByTestId('math-preview').querySelector('annotation')?.textContent).toBe(
      'E=mc^2',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(seen.html).toBe('Energy\\(E=mc^2\\)');
  });

  it('moves along the toolbar with the arrow keys, one Tab stop', async () => {
    await mount('');
    const bold = screen.getByRole('button', { name: 'Bold (Ctrl+B)' });
    const italic = screen.getByRole('button', { name: 'Italic (Ctrl+I)' });
    expect(bold.tabIndex).toBe(0);
    expect(italic.tabIndex).toBe(-1);
    bold.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(italic);
    expect(italic.tabIndex).toBe(0);
    expect(bold.tabIndex).toBe(-1);
  });
});

describe('toFieldHtml', () => {
  it('writes b and i, and lines joined by <br>', () => {
    expect(toFieldHtml('<p><strong>a</strong> <em>b</em></p><p></p><p>c</p>')).toBe(
      '<b>a</b> <i>b</i><br><br>c',
    );
    expect(toFieldHtml('<p></p>')).toBe('');
    expect(toFieldHtml('<ul><li><p>x</p></li></ul>')).toBe('<ul><li>x</li></ul>');
  });
});

describe('FieldEditor from @memoria/ui', () => {
  it('loads its chunk on first render and is then the same editor', async () => {
    const { FieldEditor: LazyFieldEditor } = await import('../../index.ts');
    renderWithIntl(
      <LazyFieldEditor
        label="Back"
        value="<b>ATP</b>"
        onChange={() => {}}
        onUploadMedia={async () => ({ url: '' })}
      />,
    );
    const box = await screen.findByRole('textbox', { name: 'Back' });
    expect(box.innerHTML).toContain('<strong>ATP</strong>');
  });
});
