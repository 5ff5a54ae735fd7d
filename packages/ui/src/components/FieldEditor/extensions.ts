/**
 * The TipTap extensions of a field: exactly the server's allow-list (bold, italic, underline,
 * strike, sub/sup, lists, line breaks, code, links, images, audio, tables, colour) and nothing
 * else, so the editor cannot make markup the server would strip. Built in a function, not at the
 * module's top level, so that importing the module creates nothing.
 */
import { type Editor, Extension, mergeAttributes, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { TextSelection } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { clozeMarkers, clozeNumberFor } from './cloze.ts';

/** Links open in a new tab without access to the opener, and only to these schemes. */
const LINK_PROTOCOLS = ['http', 'https', 'mailto'];

function audioNode() {
  return Node.create({
    name: 'audio',
    group: 'inline',
    inline: true,
    atom: true,
    draggable: true,
    addAttributes() {
      return { src: { default: null } };
    },
    parseHTML() {
      return [{ tag: 'audio[src]' }];
    },
    renderHTML({ HTMLAttributes }) {
      return ['audio', mergeAttributes({ controls: '', preload: 'none' }, HTMLAttributes)];
    },
  });
}

/**
 * Wraps the selection in a new cloze deletion (`{{cN::…}}`), or opens an empty one at the cursor.
 * `otherFieldsText`: the note's other fields, whose numbers count too (as in Anki).
 */
export function wrapInCloze(editor: Editor, reuse: boolean, otherFieldsText = ''): boolean {
  const { doc, selection } = editor.state;
  const text = `${doc.textBetween(0, doc.content.size, '\n')}\n${otherFieldsText}`;
  const { open, close } = clozeMarkers(clozeNumberFor(text, reuse));
  const { from, to, empty } = selection;
  return editor
    .chain()
    .focus()
    .command(({ tr }) => {
      tr.insertText(close, to);
      tr.insertText(open, from);
      // An empty cloze waits for its answer inside; a wrapped one continues after it.
      const cursor = empty ? from + open.length : to + open.length + close.length;
      tr.setSelection(TextSelection.create(tr.doc, cursor));
      return true;
    })
    .run();
}

function clozeShortcuts(otherFieldsText: () => string) {
  return Extension.create({
    name: 'clozeShortcuts',
    addKeyboardShortcuts() {
      const next = () => wrapInCloze(this.editor, false, otherFieldsText());
      const same = () => wrapInCloze(this.editor, true, otherFieldsText());
      // Shift makes the key "C" in most browsers; ProseMirror matches the lower-case name only
      // through the key code, which not every event carries. Both names, then.
      return {
        'Mod-Shift-c': next,
        'Mod-Shift-C': next,
        'Mod-Shift-Alt-c': same,
        'Mod-Shift-Alt-C': same,
      };
    },
  });
}

export function fieldExtensions(otherFieldsText: () => string) {
  return [
    StarterKit.configure({
      blockquote: false,
      codeBlock: false,
      heading: false,
      horizontalRule: false,
      link: {
        openOnClick: false,
        autolink: true,
        protocols: LINK_PROTOCOLS,
        defaultProtocol: 'https',
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
      },
    }),
    Subscript,
    Superscript,
    TextStyle,
    Color,
    Image.configure({ inline: true, allowBase64: false }),
    audioNode(),
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    clozeShortcuts(otherFieldsText),
  ];
}
