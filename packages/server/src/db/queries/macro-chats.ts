/** Macro-image chats and their messages: every SQL statement on `macro_chats` and `macro_messages`. */
import type { StoryItem } from '../../domain/mnemonics/macro-story.ts';
import { iso, pgDate, pgDateOrNull, type Query } from './pg.ts';

export type ChatLocale = 'en' | 'es';

export interface ChatRecord {
  id: number;
  userId: number;
  title: string;
  language: ChatLocale;
  messagesCount: number;
  lastMessageAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

interface ChatRow {
  id: number;
  user_id: number;
  title: string;
  language: string;
  messages_count: number;
  last_message_at: string | null;
  created_at: string;
  updated_at: string;
}

function toChat(row: ChatRow): ChatRecord {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    language: row.language === 'es' ? 'es' : 'en',
    messagesCount: Number(row.messages_count),
    lastMessageAt: pgDateOrNull(row.last_message_at),
    createdAt: pgDate(row.created_at),
    updatedAt: pgDate(row.updated_at),
  };
}

export type MessageRole = 'user' | 'assistant';

export interface MessageRecord {
  id: number;
  chatId: number;
  role: MessageRole;
  content: string;
  storyboard: StoryItem[];
  edited: boolean;
  createdAt: Date;
  updatedAt: Date;
}

interface MessageRow {
  id: number;
  chat_id: number;
  role: string;
  content: string;
  storyboard: StoryItem[] | string;
  edited: boolean;
  created_at: string;
  updated_at: string;
}

function toMessage(row: MessageRow): MessageRecord {
  return {
    id: row.id,
    chatId: row.chat_id,
    role: row.role === 'assistant' ? 'assistant' : 'user',
    content: row.content,
    storyboard: typeof row.storyboard === 'string' ? JSON.parse(row.storyboard) : row.storyboard,
    edited: row.edited,
    createdAt: pgDate(row.created_at),
    updatedAt: pgDate(row.updated_at),
  };
}

/** A user's chats, latest activity first; or the one with `id` if it is theirs. */
export async function userChats(q: Query, userId: number, id?: number): Promise<ChatRecord[]> {
  const rows = await q<ChatRow[]>`
    select c.id, c.user_id, c.title, c.language, c.created_at, c.updated_at,
           (select count(*) from macro_messages m where m.chat_id = c.id)::int as messages_count,
           (select max(m.created_at) from macro_messages m where m.chat_id = c.id) as last_message_at
    from macro_chats c
    where c.user_id = ${userId} ${id === undefined ? q`` : q`and c.id = ${id}`}
    order by c.updated_at desc, c.id desc`;
  return rows.map(toChat);
}

export async function insertChat(
  q: Query,
  userId: number,
  title: string,
  language: ChatLocale,
): Promise<number> {
  const [row] = await q<{ id: number }[]>`
    insert into macro_chats (user_id, title, language) values (${userId}, ${title}, ${language})
    returning id`;
  return (row as { id: number }).id;
}

/** Sets the title (and touches the chat so it moves to the top of the list). */
export async function renameChat(q: Query, chatId: number, title: string): Promise<void> {
  await q`update macro_chats set title = ${title}, updated_at = now() where id = ${chatId}`;
}

export async function touchChat(q: Query, chatId: number, at: Date): Promise<void> {
  await q`update macro_chats set updated_at = ${iso(at)} where id = ${chatId}`;
}

/**
 * Deletes a chat and detaches its activity rows (chat_id set null, as a deleted deck's are):
 * the history list no longer offers it, while the days it was used still count for streaks.
 */
export async function deleteChat(q: Query, chatId: number): Promise<void> {
  await q`
    with gone as (delete from macro_chats where id = ${chatId} returning id, user_id)
    update activities set chat_id = null
    from gone
    where activities.user_id = gone.user_id and activities.chat_id = gone.id
      and activities.activity_type = 'macro_images'`;
}

export async function chatMessages(q: Query, chatId: number): Promise<MessageRecord[]> {
  const rows = await q<MessageRow[]>`
    select id, chat_id, role, content, storyboard, edited, created_at, updated_at
    from macro_messages where chat_id = ${chatId} order by id`;
  return rows.map(toMessage);
}

/** A message with the id of its chat's owner, or undefined; `lock` locks the chat row. */
export async function findMessage(
  q: Query,
  messageId: number,
): Promise<(MessageRecord & { ownerId: number }) | undefined> {
  const [row] = await q<(MessageRow & { owner_id: number })[]>`
    select m.id, m.chat_id, m.role, m.content, m.storyboard, m.edited, m.created_at, m.updated_at,
           c.user_id as owner_id
    from macro_messages m join macro_chats c on c.id = m.chat_id
    where m.id = ${messageId}`;
  return row ? { ...toMessage(row), ownerId: row.owner_id } : undefined;
}

export async function insertMessage(
  q: Query,
  m: { chatId: number; role: MessageRole; content: string; storyboard?: StoryItem[]; at: Date },
): Promise<MessageRecord> {
  const [row] = await q<MessageRow[]>`
    insert into macro_messages (chat_id, role, content, storyboard, created_at, updated_at)
    values (${m.chatId}, ${m.role}, ${m.content}, ${JSON.stringify(m.storyboard ?? [])}::jsonb,
            ${iso(m.at)}, ${iso(m.at)})
    returning id, chat_id, role, content, storyboard, edited, created_at, updated_at`;
  return toMessage(row as MessageRow);
}

/** Replaces a message's content (marked edited) and drops every later message of its chat. */
export async function editMessage(
  q: Query,
  message: MessageRecord,
  content: string,
  at: Date,
): Promise<MessageRecord> {
  await q`delete from macro_messages where chat_id = ${message.chatId} and id > ${message.id}`;
  const [row] = await q<MessageRow[]>`
    update macro_messages set content = ${content}, edited = true, updated_at = ${iso(at)}
    where id = ${message.id}
    returning id, chat_id, role, content, storyboard, edited, created_at, updated_at`;
  return toMessage(row as MessageRow);
}
