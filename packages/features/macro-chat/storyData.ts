/** Chats and a conversation for the macro-image stories. */
import type { MacroChat, MacroMessage } from '@memoria/api';
import { http } from 'msw';
import { HttpResponse, mswPath } from '../../../.storybook/msw.ts';

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

/**
 * `POST macroimages/chats/{id}/send_message/stream/` answered as the server streams: the reply
 * word by word, then `done` with the stored exchange, or `error` after a few words.
 */
export function streamHandler(end: 'done' | 'error', stored: MacroMessage[] = []) {
  return http.post(mswPath('/macroimages/chats/{id}/send_message/stream/'), async ({ request }) => {
    const { content } = (await request.json()) as { content: string };
    const reply = 'Picture cat, as big as a house. Cat swallows moon whole.';
    const user: MacroMessage = { ...(conversation[0] as MacroMessage), id: 20, content };
    const assistant: MacroMessage = {
      ...(conversation[1] as MacroMessage),
      id: 21,
      content: reply,
      storyboard: [
        { item: 'cat', digits: null, word: 'cat', emoji: '🐈' },
        { item: 'moon', digits: null, word: 'moon', emoji: '🌙' },
      ],
    };
    const frame = (event: string, data: unknown) =>
      `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    const pieces = (reply.match(/\s*\S+\s*/g) ?? []).slice(0, end === 'done' ? undefined : 3);
    if (end === 'done') stored.push(user, assistant);
    const frames = [
      ...pieces.map((text) => frame('delta', { text })),
      end === 'done'
        ? frame('done', {
            user_message: user,
            assistant_message: assistant,
            chat: { ...(chats[0] as MacroChat), messages_count: 4 },
          })
        : frame('error', {
            detail: 'The story assistant is unavailable right now. Try again.',
            code: 'unavailable',
          }),
    ];
    return new HttpResponse(frames.join(''), {
      headers: { 'content-type': 'text/event-stream' },
    });
  });
}

/** A conversation whose streamed turns are stored: its messages read includes them afterwards. */
export function storingConversation() {
  const stored: MacroMessage[] = [];
  return [
    http.get(mswPath('/macroimages/chats/{id}/messages/'), () =>
      HttpResponse.json([...conversation, ...stored]),
    ),
    streamHandler('done', stored),
  ];
}
