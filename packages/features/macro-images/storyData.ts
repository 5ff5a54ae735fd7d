/** Chats and a conversation for the macro-image stories. */
import type { MacroChat, MacroMessage } from '@memoria/api';

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
