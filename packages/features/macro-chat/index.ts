export { ChatList, ChatListPage, chatHref } from './ChatList.tsx';
export { Conversation, ConversationPage } from './Conversation.tsx';
export { ChatListIsland, ConversationIsland } from './islands.tsx';
