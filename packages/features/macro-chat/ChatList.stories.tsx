import { mnemonicsKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { accountInfo } from '../shared/test/storyData.ts';
import { ChatList, ChatListPage } from './ChatList.tsx';
import { chats } from './test/storyData.ts';

const meta = {
  title: 'Features/macro-chat/ChatList',
  component: ChatList,
  decorators: [withSession(true), withQueryClient],
  parameters: {
    messages,
    msw: [ok('/macroimages/chats/', chats)],
  },
} satisfies Meta<typeof ChatList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithChats: Story = {};

/** Signed out, the query waits: the skeleton stays. */
export const Loading: Story = { decorators: [withSession(false)] };

export const Empty: Story = { parameters: { msw: [ok('/macroimages/chats/', [])] } };

export const LoadError: Story = {
  decorators: [
    withFailedQuery(mnemonicsKeys.chats(), 503, { detail: 'Unavailable', code: 'unavailable' }),
  ],
};

export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('searchbox'), 'zzz');
    await expect(await canvas.findByText(/No chat matches|Ningún chat/)).toBeVisible();
  },
};

export const ConfirmDelete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', {
      name: /^(Delete “Shopping list”|Eliminar «Shopping list»)$/,
    });
    await userEvent.click(button);
    await expect(await within(document.body).findByRole('dialog')).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });
export const Spanish: Story = inMatrix({ locale: 'es' });
export const SpanishEmpty: Story = inMatrix(
  { locale: 'es' },
  { parameters: { msw: [ok('/macroimages/chats/', [])] } },
);
export const Phone: Story = inMatrix({ viewport: 'phone' });

/** A free plan: the Premium modal. */
export const Gated: StoryObj<typeof ChatListPage> = {
  render: () => <ChatListPage />,
  parameters: { layout: 'fullscreen', msw: [accountInfo('free')] },
};
