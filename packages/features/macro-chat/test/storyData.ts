/** Chats and a conversation for the macro-image stories. */
import type { MacroChat, MacroMessage } from '@memoria/api';
import { http } from 'msw';
import { HttpResponse, mswPath } from '../../../../.storybook/msw.ts';

const at = '2025-01-30T10:00:00.000Z';

export const chats: MacroChat[] = [
  {
    id: 1,
    title: 'Shopping list',
    language: 'en',
    messages_count: 2,
    last_message_at: at,
    created_at: at,
    updated_at: at,
  },
  {
    id: 2,
    title: '',
    language: 'en',
    messages_count: 0,
    last_message_at: null,
    created_at: at,
    updated_at: at,
  },
];

export const conversation: MacroMessage[] = [
  {
    id: 10,
    chat_id: 1,
    role: 'user',
    content: 'apple, guitar\n28',
    storyboard: [],
    edited: false,
    created_at: at,
    updated_at: at,
  },
  {
    id: 11,
    chat_id: 1,
    role: 'assistant',
    content:
      'Picture apple, as big as a house and glowing bright red. Out of apple bursts guitar, dancing and singing at the top of its voice. Guitar swallows knife (28) whole, and you can hear it crunch. Finally knife explodes into confetti, and the whole scene freezes: walk through it again from apple. Numbers become Major-System words: 28 = knife.',
    storyboard: [
      { item: 'apple', digits: null, word: 'apple', emoji: '🍎' },
      { item: 'guitar', digits: null, word: 'guitar', emoji: '🎸' },
      { item: '28', digits: '28', word: 'knife', emoji: '🔪' },
    ],
    edited: false,
    created_at: at,
    updated_at: at,
  },
];

/** The turn a streamed story stores: the learner's message (`id`) and a cat-and-moon reply. */
function cannedTurn(content: string, id: number, edited: boolean) {
  const reply = 'Picture cat, as big as a house. Cat swallows moon whole.';
  const user: MacroMessage = { ...(conversation[0] as MacroMessage), id, content, edited };
  const assistant: MacroMessage = {
    ...(conversation[1] as MacroMessage),
    id: 21,
    content: reply,
    storyboard: [
      { item: 'cat', digits: null, word: 'cat', emoji: '🐈' },
      { item: 'moon', digits: null, word: 'moon', emoji: '🌙' },
    ],
  };
  return { reply, user, assistant };
}

/** The server-sent events of a reply: word by word, then `done`, or `error` after three words. */
function replyStream(end: 'done' | 'error', turn: ReturnType<typeof cannedTurn>, count: number) {
  const frame = (event: string, data: unknown) =>
    `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  const pieces = (turn.reply.match(/\s*\S+\s*/g) ?? []).slice(0, end === 'done' ? undefined : 3);
  const frames = [
    ...pieces.map((text) => frame('delta', { text })),
    end === 'done'
      ? frame('done', {
          user_message: turn.user,
          assistant_message: turn.assistant,
          chat: { ...(chats[0] as MacroChat), messages_count: count },
        })
      : frame('error', {
          detail: 'The story assistant is unavailable right now. Try again.',
          code: 'unavailable',
        }),
  ];
  return new HttpResponse(frames.join(''), {
    headers: { 'content-type': 'text/event-stream' },
  });
}

/**
 * `POST macroimages/chats/{id}/send_message/stream/` answered as the server streams: the reply
 * word by word, then `done` with the stored exchange (appended to `stored`), or `error`.
 */
export function streamHandler(end: 'done' | 'error', stored: MacroMessage[] = [...conversation]) {
  return http.post(mswPath('/macroimages/chats/{id}/send_message/stream/'), async ({ request }) => {
    const { content } = (await request.json()) as { content: string };
    const turn = cannedTurn(content, 20, false);
    if (end === 'done') stored.push(turn.user, turn.assistant);
    return replyStream(end, turn, stored.length);
  });
}

/**
 * `PUT macroimages/messages/{id}/stream/` answered as the server streams; on `done` the edited
 * message and its new reply replace it and everything after it in `stored`.
 */
export function editStreamHandler(
  end: 'done' | 'error',
  stored: MacroMessage[] = [...conversation],
) {
  return http.put(mswPath('/macroimages/messages/{id}/stream/'), async ({ request, params }) => {
    const { content } = (await request.json()) as { content: string };
    const id = Number(params.id);
    const turn = cannedTurn(content, id, true);
    if (end === 'done') {
      const kept = stored.filter((m) => m.id < id);
      stored.splice(0, stored.length, ...kept, turn.user, turn.assistant);
    }
    return replyStream(end, turn, stored.length);
  });
}

/**
 * A conversation whose streamed turns are stored: its messages read includes them afterwards,
 * and an edit replaces the messages after the edited one.
 */
export function storingConversation() {
  const stored: MacroMessage[] = [...conversation];
  return [
    http.get(mswPath('/macroimages/chats/{id}/messages/'), () => HttpResponse.json(stored)),
    streamHandler('done', stored),
    editStreamHandler('done', stored),
  ];
}
