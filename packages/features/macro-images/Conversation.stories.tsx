import { mnemonicsKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { fail, ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/storybook.tsx';
import { Conversation } from './Conversation.tsx';
import { chats, conversation } from './storyData.ts';

const meta = {
  title: 'Features/macro-images/Conversation',
  component: Conversation,
  args: { chatId: 1 },
  decorators: [withSession(true), withQueryClient],
  parameters: {
    docs: {
      description: {
        component:
          "One macro-image story chat on `/macro-images/{id}`, mounted by `ConversationIsland`: the learner's words and the story engine's storyboard. Enter sends, Shift+Enter adds a line, Up edits the last message (EditingLastMessage); a progress indicator shows while the story is written. **API calls:** `GET macroimages/chats/{id}/messages/` (WithStory; none: Empty; a failed read: LoadError with Retry), `POST macroimages/chats/{id}/send_message/` (a failure shows the error with Retry: SendError) and `PUT macroimages/messages/{id}/`.",
      },
    },
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

/** The story engine failed: the error with Retry under the conversation. */
export const SendError: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      ok('/macroimages/chats/', chats),
      ok('/macroimages/chats/{id}/messages/', conversation),
      fail('post', '/macroimages/chats/{id}/send_message/', 503, {
        detail: 'The story assistant is unavailable right now. Try again.',
        code: 'unavailable',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Picture apple/);
    const composer = canvasElement.querySelector('textarea') as HTMLTextAreaElement;
    await userEvent.type(composer, 'cat, moon{Enter}');
    await expect(await canvas.findByRole('button', { name: /retry|reintentar/i })).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });
export const Spanish: Story = inMatrix({ locale: 'es' });
export const Phone: Story = inMatrix({ viewport: 'phone' });
