/** The macro-image islands mounted by `src/pages/macro-images/*.astro`. */
import type { Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { ChatListPage } from './ChatList.tsx';
import { ConversationPage } from './Conversation.tsx';

type Prefs = { locale?: Locale; theme?: Theme };

/** `/macro-images`. */
export function ChatListIsland(prefs: Prefs) {
  return (
    <IslandRoot {...prefs}>
      <ChatListPage />
    </IslandRoot>
  );
}

/** `/macro-images/{id}`. */
export function ConversationIsland({ chatId, ...prefs }: Prefs & { chatId: number }) {
  return (
    <IslandRoot {...prefs}>
      <ConversationPage chatId={chatId} />
    </IslandRoot>
  );
}
