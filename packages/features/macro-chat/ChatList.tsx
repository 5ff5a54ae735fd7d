/** `/macro-images`: the learner's story chats with search, create, rename and delete. */
import {
  MACRO_TITLE_MAX,
  type MacroChat,
  navigateTo,
  useCreateMacroChat,
  useDeleteMacroChat,
  useMacroChats,
  useRenameMacroChat,
} from '@memoria/api';
import {
  Button,
  Card,
  Dialog,
  EmptyState,
  ErrorState,
  PlusIcon,
  Skeleton,
  StarIcon,
  TextField,
} from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { GatedPage, type GateTitle } from '../gate/index.ts';

/** The plan feature of this page and the Premium modal's title. */
const GATE = { feature: 'macro_images', title: 'macroImages' } as const satisfies {
  feature: string;
  title: GateTitle;
};

import { errorMessage } from '../shared/errors.ts';
import { useApiForm } from '../shared/useApiForm.ts';
import * as s from './macro.css.ts';

export const chatHref = (id: number) => `/macro-images/${id}`;

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <ErrorState
      title={<FormattedMessage id="macroImages.error.title" />}
      description={errorMessage(intl, error)}
      retryLabel={<FormattedMessage id="macroImages.retry" />}
      onRetry={onRetry}
    />
  );
}

export function chatTitle(intl: IntlShape, chat: MacroChat) {
  return chat.title || intl.formatMessage({ id: 'macroImages.unnamed' });
}

function RenameDialog({ chat, onClose }: { chat: MacroChat; onClose: () => void }) {
  const intl = useIntl();
  const rename = useRenameMacroChat({ onSuccess: onClose });
  const form = useApiForm({
    initial: { title: chat.title },
    fields: ['title'],
    failedId: 'errors.code.internal_error',
    errorUnder: 'title',
    submit: ({ title }) => rename.mutateAsync({ id: chat.id, title }),
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={<FormattedMessage id="macroImages.rename.title" />}
      actions={
        <>
          <Button variant="text" onClick={onClose}>
            <FormattedMessage id="macroImages.cancel" />
          </Button>
          <Button type="submit" form="rename-chat" loading={form.pending}>
            <FormattedMessage id="macroImages.save" />
          </Button>
        </>
      }
    >
      <form id="rename-chat" onSubmit={form.onSubmit}>
        <TextField
          label={intl.formatMessage({ id: 'macroImages.rename.label' })}
          {...form.bind('title')}
          maxLength={MACRO_TITLE_MAX}
          autoFocus
        />
      </form>
    </Dialog>
  );
}

function DeleteDialog({ chat, onClose }: { chat: MacroChat; onClose: () => void }) {
  const intl = useIntl();
  const remove = useDeleteMacroChat({ onSuccess: onClose });
  return (
    <Dialog
      open
      onClose={onClose}
      title={<FormattedMessage id="macroImages.delete.title" />}
      description={
        <FormattedMessage
          id="macroImages.delete.description"
          values={{ title: chatTitle(intl, chat) }}
        />
      }
      actions={
        <>
          <Button variant="text" onClick={onClose}>
            <FormattedMessage id="macroImages.cancel" />
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => remove.mutate({ id: chat.id })}
          >
            <FormattedMessage id="macroImages.delete" />
          </Button>
        </>
      }
    >
      {remove.isError ? <p role="alert">{errorMessage(intl, remove.error)}</p> : null}
    </Dialog>
  );
}

/**
 * The learner's macro-image story chats on `/macro-images`, mounted by `ChatListIsland` through
 * `ChatListPage` inside the Premium gate (`Gated`): search the chats by title, create one, rename
 * and delete them; each chat links to its conversation.
 *
 * **Use it** only inside `ChatListPage`, which shows free plans the Premium modal instead.
 * **Don't use it** for one chat's messages (`Conversation`) or for the decks (`DeckList`).
 *
 * **API calls and states.**
 * - `GET macroimages/chats/`: a skeleton while it loads (`Loading`); the chats with their message
 *   counts and a search field (`WithChats`); none yet: the empty state with New chat (`Empty`); a
 *   search that matches no title says so, in the browser (`NoMatch`); a failed read: 'Something
 *   failed' with its message and Retry (`LoadError`).
 * - New chat: `POST macroimages/chats/` in the page's language, then the new chat's page; a failure
 *   shows the same alert, whose Retry creates again.
 * - Rename: `PUT macroimages/chats/{id}/` from a dialog; its failure shows under the title field.
 *   Delete asks first (`ConfirmDelete`), then `DELETE macroimages/chats/{id}/`; its failure shows
 *   in the dialog.
 *
 * **Accessibility.** "Macro Images" is the page's `h1`; the search is a labelled search field that
 * filters as it is typed. Each chat's title is a link; its Rename and Delete buttons show
 * "Rename" and "Delete" and are named with the chat's title ("Rename “Shopping list”", "Delete
 * “unnamed chat”"), so a screen reader's list of buttons tells the chats apart. The rename dialog
 * focuses its title field (Enter saves); the delete confirmation starts on Cancel; both are modal
 * and return focus to the button that opened them. Failures are `role="alert"`.
 */
export function ChatList() {
  const intl = useIntl();
  const chats = useMacroChats();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ kind: 'rename' | 'delete'; chat: MacroChat } | null>(null);
  const create = useCreateMacroChat({ onSuccess: (chat) => navigateTo(chatHref(chat.id)) });
  const newChat = () => create.mutate({ language: intl.locale === 'es' ? 'es' : 'en' });

  let body: React.ReactNode;
  if (chats.isPending) {
    body = (
      <Skeleton
        variant="rect"
        height={160}
        label={intl.formatMessage({ id: 'macroImages.loading' })}
      />
    );
  } else if (chats.isError) {
    body = <LoadError error={chats.error} onRetry={() => chats.refetch()} />;
  } else if (chats.data.length === 0) {
    body = (
      <EmptyState
        icon={<StarIcon size={40} />}
        title={<FormattedMessage id="macroImages.empty.title" />}
        description={<FormattedMessage id="macroImages.empty.description" />}
        action={
          <Button startIcon={<PlusIcon />} onClick={newChat} loading={create.isPending}>
            <FormattedMessage id="macroImages.newChat" />
          </Button>
        }
      />
    );
  } else {
    const needle = search.trim().toLowerCase();
    const shown = chats.data.filter((c) => chatTitle(intl, c).toLowerCase().includes(needle));
    body = (
      <>
        <TextField
          type="search"
          label={intl.formatMessage({ id: 'macroImages.search' })}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {shown.length === 0 ? (
          <p className={s.muted}>
            <FormattedMessage id="macroImages.noMatch" />
          </p>
        ) : (
          <ul className={s.list}>
            {shown.map((chat) => (
              <li key={chat.id}>
                <Card as="div">
                  <div className={s.chatRow}>
                    <div>
                      <a className={s.chatLink} href={chatHref(chat.id)}>
                        {chatTitle(intl, chat)}
                      </a>
                      <p className={s.muted}>
                        <FormattedMessage
                          id="macroImages.messagesCount"
                          values={{ count: chat.messages_count }}
                        />
                      </p>
                    </div>
                    <div className={s.actions}>
                      <Button
                        size="sm"
                        variant="text"
                        aria-label={intl.formatMessage(
                          { id: 'macroImages.rename.chat' },
                          { title: chatTitle(intl, chat) },
                        )}
                        onClick={() => setDialog({ kind: 'rename', chat })}
                      >
                        <FormattedMessage id="macroImages.rename" />
                      </Button>
                      <Button
                        size="sm"
                        variant="text"
                        aria-label={intl.formatMessage(
                          { id: 'macroImages.delete.chat' },
                          { title: chatTitle(intl, chat) },
                        )}
                        onClick={() => setDialog({ kind: 'delete', chat })}
                      >
                        <FormattedMessage id="macroImages.delete" />
                      </Button>
                    </div>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <div className={s.page}>
      <div className={s.header}>
        <div>
          <h1 className={s.title}>
            <FormattedMessage id="macroImages.title" />
          </h1>
          <p className={s.muted}>
            <FormattedMessage id="macroImages.subtitle" />
          </p>
        </div>
        <Button startIcon={<PlusIcon />} onClick={newChat} loading={create.isPending}>
          <FormattedMessage id="macroImages.newChat" />
        </Button>
      </div>
      {create.isError ? <LoadError error={create.error} onRetry={newChat} /> : null}
      {body}
      {dialog?.kind === 'rename' ? (
        <RenameDialog chat={dialog.chat} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteDialog chat={dialog.chat} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

export function ChatListPage() {
  return (
    <GatedPage feature={GATE.feature} title={GATE.title}>
      <ChatList />
    </GatedPage>
  );
}
