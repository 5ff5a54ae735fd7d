/**
 * `/macro-images/{id}`: one story chat. The learner sends what to remember; the story engine
 * answers with a linked story, shown as it is written (Stop ends it), and its storyboard. Enter
 * sends, Shift+Enter adds a line, ↑ in an empty composer edits the last message; editing a
 * message streams the reply that replaces those after it the same way (Stop leaves the chat as
 * it was and the edit box open with the new text).
 */
import {
  MACRO_MESSAGE_MAX,
  type MacroMessage,
  useMacroChats,
  useMacroMessages,
  useStreamMacroMessage,
} from '@memoria/api';
import { Button, Skeleton, Spinner, TextArea } from '@memoria/ui';
import { type KeyboardEvent, useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GatedPage, type GateTitle } from '../gate/index.ts';

/** The plan feature of this page and the Premium modal's title. */
const GATE = { feature: 'macro_images', title: 'macroImages' } as const satisfies {
  feature: string;
  title: GateTitle;
};

import { Gone, isNotFound } from '../shared/Gone.tsx';
import { chatTitle, LoadError } from './ChatList.tsx';
// The storyboard's pictures use the emoji font the product serves itself, as the image duels'
// do (see duel-arena/RecallArena.tsx for why two builds under one family name).
import '@fontsource/noto-color-emoji';
import '@infolektuell/noto-color-emoji';
import { EditBox, type EditState } from './EditBox.tsx';
import * as s from './macro.css.ts';

function Storyboard({ message }: { message: MacroMessage }) {
  const intl = useIntl();
  if (message.storyboard.length === 0) return null;
  return (
    <ol className={s.storyboard} aria-label={intl.formatMessage({ id: 'macroImages.storyboard' })}>
      {message.storyboard.map((frame, i) => (
        // A storyboard never changes once written: its order is its identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: frames are immutable and may repeat
        <li key={i} className={s.frame}>
          <span className={s.picture} aria-hidden="true">
            {frame.emoji ?? '✦'}
          </span>
          <span>{frame.word}</span>
          {frame.digits ? <span className={s.muted}>{frame.digits}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** The reply being written: the text so far (a spinner before the first words) and Stop. */
export function StreamingReply({ text, onStop }: { text: string; onStop: () => void }) {
  const intl = useIntl();
  return (
    <li className={s.theirs} aria-busy="true">
      <strong>
        <FormattedMessage id="macroImages.assistant" />
      </strong>
      {text ? (
        <span>{text}</span>
      ) : (
        <Spinner label={intl.formatMessage({ id: 'macroImages.writing' })} />
      )}
      <div className={s.actions}>
        <Button size="sm" variant="secondary" onClick={onStop}>
          <FormattedMessage id="macroImages.stop" />
        </Button>
      </div>
    </li>
  );
}

/** Copies a reply to the clipboard; the label says Copied until the button loses focus. */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Button size="sm" variant="text" onClick={copy} onBlur={() => setCopied(false)}>
      <FormattedMessage id={copied ? 'macroImages.copied' : 'macroImages.copy'} />
    </Button>
  );
}

function MessageItem({
  message,
  edit,
  busy,
  onEdit,
  onSave,
  onCancel,
}: {
  message: MacroMessage;
  /** Set while this message is being edited. */
  edit: EditState | null;
  busy: boolean;
  onEdit: () => void;
  onSave: (content: string) => void;
  onCancel: () => void;
}) {
  const mine = message.role === 'user';
  return (
    <li className={mine ? s.mine : s.theirs}>
      <strong>
        <FormattedMessage id={mine ? 'macroImages.you' : 'macroImages.assistant'} />
        {message.edited ? (
          <span className={s.muted}>
            {' · '}
            <FormattedMessage id="macroImages.edited" />
          </span>
        ) : null}
      </strong>
      {edit ? (
        <EditBox edit={edit} busy={busy} onSave={onSave} onCancel={onCancel} />
      ) : (
        <>
          <span>{message.content}</span>
          <Storyboard message={message} />
          <div className={s.actions}>
            {mine ? (
              <Button size="sm" variant="text" onClick={onEdit} disabled={busy}>
                <FormattedMessage id="macroImages.edit" />
              </Button>
            ) : (
              <CopyButton text={message.content} />
            )}
          </div>
        </>
      )}
    </li>
  );
}

/**
 * One macro-image story chat on `/macro-images/{id}`, mounted by `ConversationIsland` through
 * `ConversationPage` inside the Premium gate: the learner sends what to remember, the story engine
 * answers with a linked story, shown word by word as it is written, and its storyboard (a picture
 * and a word per item). A message can be edited; its new reply replaces the replies after it.
 *
 * **Use it** only inside `ConversationPage`, which shows free plans the Premium modal instead
 * (`Gated`).
 * **Don't use it** for the list of chats (`ChatList`) or for making cards from text
 * (`GenerateCards`).
 *
 * **API calls and states.**
 * - `GET macroimages/chats/{id}/messages/`: a skeleton while it loads (`Loading`); the turns with
 *   their storyboards (`WithStory`); no message yet: a sentence inviting the first one (`Empty`); a
 *   deleted or unknown chat (404): 'Not found' with the way back to the chats and no message box
 *   (`Deleted`); another failed read: its message with Retry (`LoadError`). The title comes from
 *   `GET macroimages/chats/`.
 * - Send: `POST macroimages/chats/{id}/send_message/stream/` (server-sent events): the message
 *   shows at once and the reply word by word with Stop (`Streaming`), then the stored turn joins
 *   the conversation (`Sent`). A stream that breaks off shows the error with Retry and keeps the
 *   message (`SendError`); Stop stores nothing and puts the message back in the composer.
 * - Edit: ↑ in the empty composer, or Edit on a message, opens it in an edit box
 *   (`EditingLastMessage`); saving sends `PUT macroimages/messages/{id}/stream/`, whose new reply
 *   streams the same way in place of the replies after it (`Edited`). A stream that breaks off
 *   keeps the edit box open with the new text, the error and Retry (`EditError`); Stop leaves the
 *   chat as it was, the edit box open with the new text.
 * - Each reply has Copy (to the clipboard; it says Copied until it loses focus).
 *
 * **Accessibility.** The chat's title is the page's `h1`. The composer is a labelled text area
 * whose hint says the keys: Enter sends, Shift+Enter adds a line, ↑ in an empty composer edits the
 * last message. The edit box takes the focus when it opens; Enter saves, Escape cancels. The
 * conversation is a polite live region, so new turns and the reply as it is written are read; the
 * reply being written is `aria-busy` with a "Writing your story…" status until its first words.
 * Each storyboard is a list named "Storyboard" whose pictures are decorative; failures are
 * `role="alert"` with Retry.
 */
export function Conversation({
  chatId,
}: {
  /** The chat to show (from `/macro-images/{id}`). */
  chatId: number;
}) {
  const intl = useIntl();
  const chats = useMacroChats();
  const messages = useMacroMessages(chatId);
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: number; draft: string } | null>(null);
  // A stopped message goes back where it was written: an edit into its edit box, a new message
  // into the composer (unless the learner typed something since).
  const onStopped = useCallback((content: string, editOf?: number) => {
    if (editOf === undefined) setDraft((current) => current || content);
    else setEditing({ id: editOf, draft: content });
  }, []);
  const { state, send, edit, stop, retry, dismiss } = useStreamMacroMessage(chatId, { onStopped });
  const streaming = state.status === 'streaming';
  const chat = chats.data?.find((c) => c.id === chatId);
  // An edit that failed keeps its box open with the text and the error.
  const failedEdit = state.status === 'error' && state.editOf !== undefined ? state : null;

  const submit = () => {
    if (!draft.trim() || streaming) return;
    setDraft('');
    void send(draft);
  };
  const saveEdit = (id: number, content: string) => {
    setEditing(null);
    void edit(id, content);
  };
  const cancelEdit = () => {
    setEditing(null);
    dismiss();
  };
  const editOf = (m: MacroMessage): EditState | null => {
    if (failedEdit?.editOf === m.id) return { draft: failedEdit.content, error: failedEdit.error };
    return editing?.id === m.id ? { draft: editing.draft } : null;
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      submit();
    } else if (e.key === 'ArrowUp' && !draft && !streaming) {
      const last = [...(messages.data ?? [])].reverse().find((m) => m.role === 'user');
      if (last) {
        e.preventDefault();
        setEditing({ id: last.id, draft: last.content });
      }
    }
  };
  // While an edit's reply is written, the conversation shows it in place of the replies it
  // replaces; they come back if the learner stops it.
  const shown =
    streaming && state.editOf !== undefined
      ? (messages.data ?? []).filter((m) => m.id < (state.editOf as number))
      : (messages.data ?? []);
  const pending = streaming || (state.status === 'error' && !failedEdit);

  if (messages.isError && isNotFound(messages.error)) {
    return (
      <div className={s.page}>
        <Gone
          titleId="macroImages.gone.title"
          messageId="macroImages.gone.body"
          backId="macroImages.back"
          backHref="/macro-images"
        />
      </div>
    );
  }

  let body: React.ReactNode;
  if (messages.isPending) {
    body = (
      <Skeleton
        variant="rect"
        height={200}
        label={intl.formatMessage({ id: 'macroImages.loadingMessages' })}
      />
    );
  } else if (messages.isError) {
    body = <LoadError error={messages.error} onRetry={() => messages.refetch()} />;
  } else if (messages.data.length === 0 && state.status === 'idle') {
    body = (
      <p className={s.muted}>
        <FormattedMessage id="macroImages.conversation.empty" />
      </p>
    );
  } else {
    body = (
      <ol className={s.conversation} aria-live="polite">
        {shown.map((m) => (
          <MessageItem
            key={m.id}
            message={m}
            edit={editOf(m)}
            busy={streaming}
            onEdit={() => setEditing({ id: m.id, draft: m.content })}
            onSave={(content) => saveEdit(m.id, content)}
            onCancel={cancelEdit}
          />
        ))}
        {pending ? (
          <li className={s.mine}>
            <strong>
              <FormattedMessage id="macroImages.you" />
            </strong>
            <span>{state.content}</span>
          </li>
        ) : null}
        {streaming ? <StreamingReply text={state.text} onStop={stop} /> : null}
      </ol>
    );
  }

  return (
    <div className={s.page}>
      <div className={s.header}>
        <h1 className={s.title}>
          {chat ? chatTitle(intl, chat) : <FormattedMessage id="macroImages.title" />}
        </h1>
        <Button variant="text" href="/macro-images">
          <FormattedMessage id="macroImages.back" />
        </Button>
      </div>
      {body}
      {state.status === 'error' && !failedEdit ? (
        <LoadError error={state.error} onRetry={retry} />
      ) : null}
      <form
        className={s.composer}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextArea
          label={intl.formatMessage({ id: 'macroImages.composer.label' })}
          helperText={intl.formatMessage({ id: 'macroImages.composer.helper' })}
          value={draft}
          rows={3}
          maxLength={MACRO_MESSAGE_MAX}
          onKeyDown={onKey}
          onChange={(e) => setDraft(e.target.value)}
        />
        <div className={s.actions}>
          <Button type="submit" loading={streaming} disabled={!draft.trim()}>
            <FormattedMessage id="macroImages.send" />
          </Button>
        </div>
      </form>
    </div>
  );
}

export function ConversationPage({ chatId }: { chatId: number }) {
  return (
    <GatedPage feature={GATE.feature} title={GATE.title}>
      <Conversation chatId={chatId} />
    </GatedPage>
  );
}
