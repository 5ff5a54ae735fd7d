import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import { createIcon } from '../../icons/icons.tsx';
import type { UiMessageId } from '../../messages.ts';
import { Button } from '../Button/Button.tsx';
import { TextField } from '../TextField/TextField.tsx';
import { fieldExtensions, wrapInCloze } from './extensions.ts';
import * as s from './FieldEditor.css.ts';
import { toFieldHtml } from './fieldHtml.ts';

export interface FieldEditorProps {
  /** Visible label of the field ("Front", "Text"); also the editor's accessible name. */
  label: ReactNode;
  /** The field's HTML (the server's allow-list). A new value from outside replaces the content. */
  value: string;
  /** Called with the field's HTML after every change. */
  onChange: (html: string) => void;
  /**
   * Uploads a pasted, dropped, attached or recorded image or sound and resolves to its URL, which
   * the editor inserts. A rejection shows an error and inserts nothing.
   */
  onUploadMedia: (file: File) => Promise<{ url: string }>;
  /** The note's other fields as text: their cloze numbers count when numbering a new cloze. */
  otherFieldsText?: string;
  /** Hint below the field. */
  helperText?: ReactNode;
  /** Error below the field: marks the editor invalid. */
  error?: ReactNode;
  /** Read-only: no toolbar actions, no typing. */
  disabled?: boolean;
  /** Focus the editor when it mounts. */
  autoFocus?: boolean;
}

type Panel = 'none' | 'link' | 'math';
type Notice = { kind: 'status' | 'error'; text: string } | null;

const TOOLBAR_CONTROLS = 'button, input';

// Toolbar icons (Material Symbols' 24×24 paths): a glyph such as "x²" would be visible text
// missing from the button's name (axe: label-content-name-mismatch), and emoji fonts vary.
const SubscriptIcon = createIcon(
  'M22 18h-2v1h3v1h-4v-2c0-.55.45-1 1-1h2v-1h-3v-1h3c.55 0 1 .45 1 1v1c0 .55-.45 1-1 1zM5.88 18h2.66l3.4-5.42h.12l3.4 5.42h2.66l-4.65-7.27L17.81 4h-2.68l-3.07 4.99h-.12L8.85 4H6.19l4.32 6.73L5.88 18z',
);
const SuperscriptIcon = createIcon(
  'M22 7h-2v1h3v1h-4V7c0-.55.45-1 1-1h2V5h-3V4h3c.55 0 1 .45 1 1v1c0 .55-.45 1-1 1zM5.88 20h2.66l3.4-5.42h.12l3.4 5.42h2.66l-4.65-7.27L17.81 6h-2.68l-3.07 4.99h-.12L8.85 6H6.19l4.32 6.73L5.88 20z',
);
const BulletListIcon = createIcon(
  'M4 10.5c-.83 0-1.5.67-1.5 1.5s.67 1.5 1.5 1.5 1.5-.67 1.5-1.5-.67-1.5-1.5-1.5zm0-6c-.83 0-1.5.67-1.5 1.5S3.17 7.5 4 7.5 5.5 6.83 5.5 6 4.83 4.5 4 4.5zm0 12c-.83 0-1.5.68-1.5 1.5s.68 1.5 1.5 1.5 1.5-.68 1.5-1.5-.67-1.5-1.5-1.5zM7 19h14v-2H7v2zm0-6h14v-2H7v2zm0-8v2h14V5H7z',
);
const OrderedListIcon = createIcon(
  'M2 17h2v.5H3v1h1v.5H2v1h3v-4H2v1zm1-9h1V4H2v1h1v3zm-1 3h1.8L2 13.1v.9h3v-1H3.2L5 10.9V10H2v1zm5-6v2h14V5H7zm0 14h14v-2H7v2zm0-6h14v-2H7v2z',
);
const LinkIcon = createIcon(
  'M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7c-2.76 0-5 2.24-5 5s2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1zM8 13h8v-2H8v2zm9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4c2.76 0 5-2.24 5-5s-2.24-5-5-5z',
);
const TableIcon = createIcon(
  'M20 2H4c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zM8 20H4v-4h4v4zm0-6H4v-4h4v4zm0-6H4V4h4v4zm6 12h-4v-4h4v4zm0-6h-4v-4h4v4zm0-6h-4V4h4v4zm6 12h-4v-4h4v4zm0-6h-4v-4h4v4zm0-6h-4V4h4v4z',
);
const ImageIcon = createIcon(
  'M21 19V5c0-1.1-.9-2-2-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2zM8.5 13.5l2.5 3.01L14.5 12l4.5 6H5l3.5-4.5z',
);
const AudioIcon = createIcon(
  'M12 3v10.55c-.59-.34-1.27-.55-2-.55-2.21 0-4 1.79-4 4s1.79 4 4 4 4-1.79 4-4V7h4V3h-6z',
);
const MicIcon = createIcon(
  'M12 14c1.66 0 2.99-1.34 2.99-3L15 5c0-1.66-1.34-3-3-3S9 3.34 9 5v6c0 1.66 1.34 3 3 3zm5.3-3c0 3-2.54 5.1-5.3 5.1S6.7 14 6.7 11H5c0 3.41 2.72 6.23 6 6.72V21h2v-3.28c3.28-.48 6-3.3 6-6.72h-1.7z',
);
const StopIcon = createIcon('M6 6h12v12H6z');
const MathIcon = createIcon('M18 4H6v2l6.5 6L6 18v2h12v-3h-7l5-5-5-5h7z');

/**
 * A rich-text editor for one field of a note (TipTap), with a toolbar for the formatting the
 * server keeps, cloze deletions numbered as Anki numbers them, images and sounds through
 * `onUploadMedia`, and math with a live KaTeX preview.
 *
 * **Use it** for a note's fields wherever formatting, cloze, media or math may be wanted. **Don't
 * use it** for plain text (a title, a search, a message): use `TextField` or `TextArea`. The editor
 * is a separate chunk: `@memoria/ui` exports it lazily, so a page loads it only when it renders one.
 *
 * **Accessibility.** The editable area is a `textbox` (multi-line) named by the visible label and
 * described by the helper and error texts. The toolbar is one Tab stop (`role="toolbar"`): Left and
 * Right arrows, Home and End move between its buttons, each named with its shortcut; toggles say
 * `aria-pressed`. Shortcuts in the text: Ctrl+B, Ctrl+I, Ctrl+U, Ctrl+Shift+S, Ctrl+E, Ctrl+, and
 * Ctrl+. (sub/superscript), Ctrl+Shift+7/8 (lists), Ctrl+Shift+C (new cloze), Ctrl+Shift+Alt+C
 * (cloze with the same number); Cmd instead of Ctrl on a Mac. The link and math panels take the
 * focus when they open and give it back to the text on Escape, Insert or Cancel. Upload progress
 * is announced in a `status` region, failures in an `alert`. Tab inside a table moves between cells
 * (and adds a row after the last): Escape is not bound, so leave a table with the arrow keys.
 */
export function FieldEditor({
  label,
  value,
  onChange,
  onUploadMedia,
  otherFieldsText = '',
  helperText,
  error,
  disabled = false,
  autoFocus = false,
}: FieldEditorProps) {
  const intl = useIntl();
  const t = (id: UiMessageId, values?: Record<string, string>) =>
    intl.formatMessage({ id }, values);
  const id = useId();
  const labelId = `${id}-label`;
  const describedBy =
    [error ? `${id}-error` : null, helperText ? `${id}-helper` : null].filter(Boolean).join(' ') ||
    undefined;

  // The editor is made once; its callbacks read the latest props through refs.
  const latest = useRef({ onChange, onUploadMedia, otherFieldsText });
  latest.current = { onChange, onUploadMedia, otherFieldsText };
  const lastEmitted = useRef(value);
  const [notice, setNotice] = useState<Notice>(null);
  const [panel, setPanel] = useState<Panel>('none');
  const uploadRef = useRef<(files: File[], at?: number) => Promise<void>>(async () => {});

  const extensions = useMemo(() => fieldExtensions(() => latest.current.otherFieldsText), []);
  const editor = useEditor({
    extensions,
    content: value,
    editable: !disabled,
    autofocus: autoFocus ? 'end' : false,
    // Rendered after hydration, so the server's HTML and the first client render agree.
    immediatelyRender: false,
    // TipTap's <style> element is refused by the Content-Security-Policy; FieldEditor.css.ts
    // carries the rules a field needs.
    injectCSS: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: s.content,
      },
      handlePaste: (_view, event) => {
        const files = mediaFiles(event.clipboardData?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        void uploadRef.current(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        if (moved) return false;
        const files = mediaFiles(event.dataTransfer?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void uploadRef.current(files, at);
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = toFieldHtml(current.getHTML());
      lastEmitted.current = html;
      latest.current.onChange(html);
    },
  });

  useEffect(() => {
    if (!editor || value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  uploadRef.current = async (files, at) => {
    if (!editor) return;
    for (const file of files) {
      setNotice({ kind: 'status', text: t('ui.fieldEditor.uploading', { name: file.name }) });
      try {
        const { url } = await latest.current.onUploadMedia(file);
        const node = file.type.startsWith('audio/')
          ? { type: 'audio', attrs: { src: url } }
          : { type: 'image', attrs: { src: url, alt: file.name } };
        const chain = editor.chain().focus();
        (at === undefined ? chain.insertContent(node) : chain.insertContentAt(at, node)).run();
        setNotice({ kind: 'status', text: t('ui.fieldEditor.uploaded', { name: file.name }) });
      } catch {
        setNotice({ kind: 'error', text: t('ui.fieldEditor.uploadFailed', { name: file.name }) });
      }
    }
  };

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            underline: current.isActive('underline'),
            strike: current.isActive('strike'),
            subscript: current.isActive('subscript'),
            superscript: current.isActive('superscript'),
            code: current.isActive('code'),
            bulletList: current.isActive('bulletList'),
            orderedList: current.isActive('orderedList'),
            link: current.isActive('link'),
            color: (current.getAttributes('textStyle').color as string | undefined) ?? '',
          }
        : null,
  });

  const toolbar = useRef<HTMLDivElement>(null);
  const roving = useRef(0);
  // One Tab stop for the whole toolbar: the control last focused keeps tabindex 0.
  useLayoutEffect(() => {
    const controls = toolbarControls(toolbar.current);
    controls.forEach((control, index) => {
      control.tabIndex = index === Math.min(roving.current, controls.length - 1) ? 0 : -1;
    });
  });
  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const controls = toolbarControls(toolbar.current);
    const current = controls.indexOf(event.target as HTMLElement);
    if (current < 0) return;
    const next = {
      ArrowRight: (current + 1) % controls.length,
      ArrowLeft: (current - 1 + controls.length) % controls.length,
      Home: 0,
      End: controls.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    controls[next]?.focus();
  };
  const onToolbarFocus = (event: { target: EventTarget }) => {
    const controls = toolbarControls(toolbar.current);
    const index = controls.indexOf(event.target as HTMLElement);
    if (index < 0) return;
    roving.current = index;
    controls.forEach((control, i) => {
      control.tabIndex = i === index ? 0 : -1;
    });
  };

  const imageInput = useRef<HTMLInputElement>(null);
  const audioInput = useRef<HTMLInputElement>(null);
  const recorder = useRecorder(
    (file) => void uploadRef.current([file]),
    () => setNotice({ kind: 'error', text: t('ui.fieldEditor.recordFailed') }),
  );

  const run = (command: (chain: ReturnType<NonNullable<typeof editor>['chain']>) => unknown) => {
    if (!editor) return;
    command(editor.chain().focus());
  };
  const closePanel = () => {
    setPanel('none');
    editor?.commands.focus();
  };
  const off = !editor || disabled;

  const toggles: {
    id: UiMessageId;
    key: keyof NonNullable<typeof active>;
    text: ReactNode;
    do: () => void;
  }[] = [
    {
      id: 'ui.fieldEditor.bold',
      key: 'bold',
      text: <b>{t('ui.fieldEditor.boldGlyph')}</b>,
      do: () => run((c) => c.toggleBold().run()),
    },
    {
      id: 'ui.fieldEditor.italic',
      key: 'italic',
      text: <i>{t('ui.fieldEditor.italicGlyph')}</i>,
      do: () => run((c) => c.toggleItalic().run()),
    },
    {
      id: 'ui.fieldEditor.underline',
      key: 'underline',
      text: <u>{t('ui.fieldEditor.underlineGlyph')}</u>,
      do: () => run((c) => c.toggleUnderline().run()),
    },
    {
      id: 'ui.fieldEditor.strike',
      key: 'strike',
      text: <s>{t('ui.fieldEditor.strikeGlyph')}</s>,
      do: () => run((c) => c.toggleStrike().run()),
    },
    {
      id: 'ui.fieldEditor.subscript',
      key: 'subscript',
      text: <SubscriptIcon />,
      do: () => run((c) => c.toggleSubscript().run()),
    },
    {
      id: 'ui.fieldEditor.superscript',
      key: 'superscript',
      text: <SuperscriptIcon />,
      do: () => run((c) => c.toggleSuperscript().run()),
    },
    {
      id: 'ui.fieldEditor.code',
      key: 'code',
      text: <code>{'</>'}</code>,
      do: () => run((c) => c.toggleCode().run()),
    },
    {
      id: 'ui.fieldEditor.bulletList',
      key: 'bulletList',
      text: <BulletListIcon />,
      do: () => run((c) => c.toggleBulletList().run()),
    },
    {
      id: 'ui.fieldEditor.orderedList',
      key: 'orderedList',
      text: <OrderedListIcon />,
      do: () => run((c) => c.toggleOrderedList().run()),
    },
  ];

  return (
    <div className={s.root}>
      <span id={labelId} className={s.label}>
        {label}
      </span>
      <div
        className={s.frame}
        data-invalid={error ? 'true' : undefined}
        data-disabled={disabled ? 'true' : undefined}
      >
        <div
          ref={toolbar}
          role="toolbar"
          aria-label={t('ui.fieldEditor.toolbar')}
          aria-controls={`${id}-content`}
          className={s.toolbar}
          onKeyDown={onToolbarKeyDown}
          onFocus={onToolbarFocus}
        >
          {toggles.map((tool) => (
            <button
              key={tool.id}
              type="button"
              className={s.tool}
              aria-label={t(tool.id)}
              title={t(tool.id)}
              aria-pressed={active?.[tool.key] === true}
              disabled={off}
              onClick={tool.do}
            >
              <span aria-hidden="true">{tool.text}</span>
            </button>
          ))}
          <input
            type="color"
            className={s.colorTool}
            aria-label={t('ui.fieldEditor.color')}
            title={t('ui.fieldEditor.color')}
            value={active?.color || '#000000'}
            disabled={off}
            onChange={(event) => run((c) => c.setColor(event.target.value).run())}
          />
          <span className={s.separator} aria-hidden="true" />
          <button
            type="button"
            className={s.tool}
            aria-label={t('ui.fieldEditor.link')}
            title={t('ui.fieldEditor.link')}
            aria-pressed={active?.link === true}
            aria-expanded={panel === 'link'}
            disabled={off}
            onClick={() => setPanel(panel === 'link' ? 'none' : 'link')}
          >
            <LinkIcon />
          </button>
          <button
            type="button"
            className={s.tool}
            aria-label={t('ui.fieldEditor.table')}
            title={t('ui.fieldEditor.table')}
            disabled={off}
            onClick={() =>
              run((c) => c.insertTable({ rows: 2, cols: 2, withHeaderRow: false }).run())
            }
          >
            <TableIcon />
          </button>
          <button
            type="button"
            className={s.tool}
            aria-label={t('ui.fieldEditor.image')}
            title={t('ui.fieldEditor.image')}
            disabled={off}
            onClick={() => imageInput.current?.click()}
          >
            <ImageIcon />
          </button>
          <button
            type="button"
            className={s.tool}
            aria-label={t('ui.fieldEditor.audio')}
            title={t('ui.fieldEditor.audio')}
            disabled={off}
            onClick={() => audioInput.current?.click()}
          >
            <AudioIcon />
          </button>
          {recorder.available ? (
            <button
              type="button"
              className={s.tool}
              aria-label={t(
                recorder.recording ? 'ui.fieldEditor.stopRecording' : 'ui.fieldEditor.record',
              )}
              title={t(
                recorder.recording ? 'ui.fieldEditor.stopRecording' : 'ui.fieldEditor.record',
              )}
              aria-pressed={recorder.recording}
              disabled={off}
              onClick={recorder.recording ? recorder.stop : recorder.start}
            >
              {recorder.recording ? <StopIcon /> : <MicIcon />}
            </button>
          ) : null}
          <span className={s.separator} aria-hidden="true" />
          <button
            type="button"
            className={s.tool}
            aria-label={t('ui.fieldEditor.cloze')}
            title={t('ui.fieldEditor.cloze')}
            disabled={off}
            onClick={() => editor && wrapInCloze(editor, false, otherFieldsText)}
          >
            <span aria-hidden="true">[…]</span>
          </button>
          <button
            type="button"
            className={s.tool}
            aria-label={t('ui.fieldEditor.clozeSame')}
            title={t('ui.fieldEditor.clozeSame')}
            disabled={off}
            onClick={() => editor && wrapInCloze(editor, true, otherFieldsText)}
          >
            <span aria-hidden="true">[…]=</span>
          </button>
          <button
            type="button"
            className={s.tool}
            aria-label={t('ui.fieldEditor.math')}
            title={t('ui.fieldEditor.math')}
            aria-expanded={panel === 'math'}
            disabled={off}
            onClick={() => setPanel(panel === 'math' ? 'none' : 'math')}
          >
            <MathIcon />
          </button>
        </div>
        {panel === 'link' && editor ? (
          <LinkPanel
            initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
            onApply={(href) => {
              const chain = editor.chain().focus().extendMarkRange('link');
              if (editor.state.selection.empty && !editor.isActive('link')) {
                chain
                  .insertContent({
                    type: 'text',
                    text: href,
                    marks: [{ type: 'link', attrs: { href } }],
                  })
                  .run();
              } else {
                chain.setLink({ href }).run();
              }
              setPanel('none');
            }}
            onRemove={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              setPanel('none');
            }}
            onClose={closePanel}
          />
        ) : null}
        {panel === 'math' && editor ? (
          <MathPanel
            initial={selectedMath(
              editor.state.doc.textBetween(editor.state.selection.from, editor.state.selection.to),
            )}
            onInsert={(source) => {
              const { from, to } = editor.state.selection;
              editor
                .chain()
                .focus()
                .insertContentAt({ from, to }, { type: 'text', text: `\\(${source}\\)` })
                .run();
              setPanel('none');
            }}
            onClose={closePanel}
          />
        ) : null}
        <EditorContent editor={editor} id={`${id}-content`} />
      </div>
      <input
        ref={imageInput}
        type="file"
        accept="image/*"
        multiple
        className={s.hiddenInput}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          void uploadRef.current(mediaFiles(event.target.files));
          event.target.value = '';
        }}
      />
      <input
        ref={audioInput}
        type="file"
        accept="audio/*"
        className={s.hiddenInput}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          void uploadRef.current(mediaFiles(event.target.files));
          event.target.value = '';
        }}
      />
      <p role="status" className={s.message}>
        {recorder.recording
          ? t('ui.fieldEditor.recording')
          : notice?.kind === 'status'
            ? notice.text
            : null}
      </p>
      {notice?.kind === 'error' ? (
        <p role="alert" className={s.error}>
          {notice.text}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={s.error}>
          {error}
        </p>
      ) : null}
      {helperText ? (
        <p id={`${id}-helper`} className={s.message}>
          {helperText}
        </p>
      ) : null}
    </div>
  );
}

function toolbarControls(toolbar: HTMLElement | null): HTMLElement[] {
  return toolbar ? [...toolbar.querySelectorAll<HTMLElement>(TOOLBAR_CONTROLS)] : [];
}

/** The images and sounds among `files` (anything else is left to the browser). */
function mediaFiles(files: FileList | null | undefined): File[] {
  return [...(files ?? [])].filter(
    (file) => file.type.startsWith('image/') || file.type.startsWith('audio/'),
  );
}

/** A selection already written as `\(…\)` opens the math panel with its inside. */
function selectedMath(text: string): string {
  const match = /^\\\((.*)\\\)$/s.exec(text.trim());
  return match ? (match[1] ?? '') : text;
}

function LinkPanel({
  initial,
  onApply,
  onRemove,
  onClose,
}: {
  initial: string;
  onApply: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [href, setHref] = useState(initial);
  const valid = /^(https?:\/\/|mailto:)\S+$/i.test(href.trim());
  return (
    <fieldset
      aria-label={intl.formatMessage({ id: 'ui.fieldEditor.link' })}
      className={s.panel}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <TextField
        label={intl.formatMessage({ id: 'ui.fieldEditor.linkUrl' })}
        type="url"
        value={href}
        autoFocus
        onChange={(event) => setHref(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && valid) {
            event.preventDefault();
            onApply(href.trim());
          }
        }}
      />
      <div className={s.panelActions}>
        <Button size="sm" disabled={!valid} onClick={() => onApply(href.trim())}>
          {intl.formatMessage({ id: 'ui.fieldEditor.linkApply' })}
        </Button>
        {initial ? (
          <Button size="sm" variant="secondary" onClick={onRemove}>
            {intl.formatMessage({ id: 'ui.fieldEditor.linkRemove' })}
          </Button>
        ) : null}
        <Button size="sm" variant="text" onClick={onClose}>
          {intl.formatMessage({ id: 'ui.fieldEditor.cancel' })}
        </Button>
      </div>
    </fieldset>
  );
}

/** LaTeX source in, `\(…\)` out, with KaTeX's rendering of it as the learner types. */
function MathPanel({
  initial,
  onInsert,
  onClose,
}: {
  initial: string;
  onInsert: (source: string) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const previewId = useId();
  const [source, setSource] = useState(initial);
  const [render, setRender] = useState<((source: string) => string) | null>(null);
  useEffect(() => {
    let live = true;
    void import('./renderMath.ts').then(({ renderMath }) => {
      if (live) setRender(() => renderMath);
    });
    return () => {
      live = false;
    };
  }, []);
  const rendered = useMemo(() => (render && source.trim() ? render(source) : ''), [render, source]);
  return (
    <fieldset
      aria-label={intl.formatMessage({ id: 'ui.fieldEditor.math' })}
      className={s.panel}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <TextField
        label={intl.formatMessage({ id: 'ui.fieldEditor.mathSource' })}
        value={source}
        autoFocus
        spellCheck={false}
        aria-describedby={previewId}
        onChange={(event) => setSource(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && source.trim()) {
            event.preventDefault();
            onInsert(source.trim());
          }
        }}
      />
      <div>
        <span className={s.message}>
          {intl.formatMessage({ id: 'ui.fieldEditor.mathPreview' })}
        </span>
        {rendered ? (
          <div
            id={previewId}
            className={s.preview}
            data-testid="math-preview"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX's own escaped output
            dangerouslySetInnerHTML={{ __html: rendered }}
          />
        ) : (
          <div id={previewId} className={`${s.preview} ${s.previewEmpty}`}>
            {intl.formatMessage({ id: 'ui.fieldEditor.mathEmpty' })}
          </div>
        )}
      </div>
      <div className={s.panelActions}>
        <Button size="sm" disabled={!source.trim()} onClick={() => onInsert(source.trim())}>
          {intl.formatMessage({ id: 'ui.fieldEditor.insert' })}
        </Button>
        <Button size="sm" variant="text" onClick={onClose}>
          {intl.formatMessage({ id: 'ui.fieldEditor.cancel' })}
        </Button>
      </div>
    </fieldset>
  );
}

/** MediaRecorder where the browser has it (checked after mount, so server and client agree). */
function useRecorder(onRecorded: (file: File) => void, onFailed: () => void) {
  const [available, setAvailable] = useState(false);
  const [recording, setRecording] = useState(false);
  const current = useRef<MediaRecorder | null>(null);
  useEffect(() => {
    setAvailable(
      typeof MediaRecorder !== 'undefined' &&
        typeof navigator.mediaDevices?.getUserMedia === 'function',
    );
    // Unmounted while recording: release the microphone and drop the recording.
    return () => {
      const recorder = current.current;
      if (!recorder) return;
      recorder.onstop = null;
      recorder.stop();
      for (const track of recorder.stream.getTracks()) track.stop();
    };
  }, []);
  const start = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      recorder.onstop = () => {
        for (const track of stream.getTracks()) track.stop();
        current.current = null;
        setRecording(false);
        const type = (recorder.mimeType || 'audio/webm').split(';')[0] ?? 'audio/webm';
        const extension = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm';
        onRecorded(new File(chunks, `recording.${extension}`, { type }));
      };
      recorder.start();
      current.current = recorder;
      setRecording(true);
    } catch {
      onFailed();
    }
  };
  const stop = () => current.current?.stop();
  return { available, recording, start: () => void start(), stop };
}
