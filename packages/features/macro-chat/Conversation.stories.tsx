import { mnemonicsKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { accountInfo } from '../shared/test/storyData.ts';
import { Conversation, ConversationPage, StreamingReply } from './Conversation.tsx';
import * as css from './macro.css.ts';
import {
  chats,
  conversation,
  editStreamHandler,
  storingConversation,
  streamHandler,
} from './test/storyData.ts';

const meta = {
  title: 'Features/macro-chat/Conversation',
  component: Conversation,
  args: { chatId: 1 },
  decorators: [withSession(true), withQueryClient],
  parameters: {
    messages,
    msw: [ok('/macroimages/chats/', chats), ok('/macroimages/chats/{id}/messages/', conversation)],
  },
} satisfies Meta<typeof Conversation>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A story with its storyboard. */
export const WithStory: Story = {};

export const Loading: Story = { decorators: [withSession(false)] };

export const Empty: Story = {
  args: { chatId: 2 },
  parameters: {
    msw: [ok('/macroimages/chats/', chats), ok('/macroimages/chats/{id}/messages/', [])],
  },
};

export const LoadError: Story = {
  decorators: [
    withFailedQuery(mnemonicsKeys.messages(1), 503, { detail: 'Unavailable', code: 'unavailable' }),
  ],
};

/** ↑ in the empty composer opens the last message for editing. */
/** A deleted chat reached from the history: not found, the way back, no Retry, no message box. */
export const Deleted: Story = {
  args: { chatId: 9 },
  decorators: [
    withFailedQuery(mnemonicsKeys.messages(9), 404, { detail: 'Not found.', code: 'not_found' }),
  ],
};

export const DeletedDarkSpanish: Story = inMatrix({ theme: 'dark', locale: 'es' }, Deleted);

export const EditingLastMessage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Picture apple/);
    const composer = canvasElement.querySelector('textarea') as HTMLTextAreaElement;
    composer.focus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(await canvas.findByDisplayValue(/apple, guitar/)).toBeVisible();
  },
};

/** The story streamed to its end: the new turn joins the conversation. */
export const Sent: Story = {
  parameters: {
    msw: [ok('/macroimages/chats/', chats), ...storingConversation()],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Picture apple/);
    const composer = canvasElement.querySelector('textarea') as HTMLTextAreaElement;
    await userEvent.type(composer, 'cat, moon{Enter}');
    // The stored turn joins the conversation: two replies, each with Copy.
    await waitFor(() =>
      expect(canvas.getAllByRole('button', { name: /^(copy|copiar)$/i })).toHaveLength(2),
    );
    await expect(canvas.getByText(/Cat swallows moon whole/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^(stop|detener)$/i })).toBeNull();
  },
};

/** The last message edited (↑, new text, Enter): its new reply replaces the old one. */
export const Edited: Story = {
  parameters: {
    msw: [ok('/macroimages/chats/', chats), ...storingConversation()],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Picture apple/);
    const composer = canvasElement.querySelector('textarea') as HTMLTextAreaElement;
    composer.focus();
    await userEvent.keyboard('{ArrowUp}');
    const box = await canvas.findByDisplayValue(/apple, guitar/);
    await userEvent.clear(box);
    await userEvent.type(box, 'cat, moon{Enter}');
    // Marked edited only once the new turn is stored (the streamed reply is then replaced).
    await expect(await canvas.findByText(/· (edited|editado)$/)).toBeVisible();
    await expect(canvas.getByText(/Cat swallows moon whole/)).toBeVisible();
    await expect(canvas.queryByText(/Picture apple/)).toBeNull();
    await expect(canvas.getAllByRole('button', { name: /^(copy|copiar)$/i })).toHaveLength(1);
  },
};

/** The edit's reply broke off: the edit box stays open with the new text, the error and Retry. */
export const EditError: Story = {
  parameters: {
    msw: [
      ok('/macroimages/chats/', chats),
      ok('/macroimages/chats/{id}/messages/', conversation),
      editStreamHandler('error'),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Picture apple/);
    await userEvent.click(canvas.getByRole('button', { name: /^(edit|editar)$/i }));
    const box = await canvas.findByDisplayValue(/apple, guitar/);
    await userEvent.clear(box);
    await userEvent.type(box, 'cat, moon{Enter}');
    await expect(await canvas.findByRole('button', { name: /retry|reintentar/i })).toBeVisible();
    await expect(canvas.getByDisplayValue('cat, moon')).toBeVisible();
    await expect(canvas.getByText(/Picture apple/)).toBeVisible();
  },
};

/** The reply while it is written: the words so far and Stop. */
export const Streaming: Story = {
  render: () => (
    <ol className={css.conversation}>
      <StreamingReply text="Picture cat, as big as a house. Cat swallows" onStop={() => {}} />
    </ol>
  ),
};

/** The stream broke off after a few words: the error with Retry, the message kept. */
export const SendError: Story = {
  parameters: {
    msw: [
      ok('/macroimages/chats/', chats),
      ok('/macroimages/chats/{id}/messages/', conversation),
      streamHandler('error'),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Picture apple/);
    const composer = canvasElement.querySelector('textarea') as HTMLTextAreaElement;
    await userEvent.type(composer, 'cat, moon{Enter}');
    await expect(await canvas.findByRole('button', { name: /retry|reintentar/i })).toBeVisible();
    await expect(canvas.getByText('cat, moon')).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });
export const Spanish: Story = inMatrix({ locale: 'es' });
export const Phone: Story = inMatrix({ viewport: 'phone' });

/** A free plan opens a chat's address: the Premium modal, and no chat is read. */
export const Gated: StoryObj<typeof ConversationPage> = {
  render: () => <ConversationPage chatId={1} />,
  parameters: { layout: 'fullscreen', msw: [accountInfo('free')] },
};

export const GatedSpanish: StoryObj<typeof ConversationPage> = inMatrix({ locale: 'es' }, Gated);
