import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { messages } from '../messages.ts';
import {
  holdMutations,
  withHeldMutations,
  withQueryClient,
  withSession,
} from '../shared/test/storybook.tsx';
import { fail } from '../shared/test/storyData.ts';
import * as s from './auth.css.ts';
import { SignInLinkPage } from './SignInLinkPage.tsx';

const TOKEN = 'a'.repeat(43);

const meta = {
  title: 'Features/auth/SignInLink',
  component: SignInLinkPage,
  decorators: [
    (Story) => (
      <div className={s.page}>
        <Story />
      </div>
    ),
    withQueryClient,
    withSession(false),
  ],
  args: { token: TOKEN },
  parameters: { messages, layout: 'fullscreen' },
} satisfies Meta<typeof SignInLinkPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The link is being used: the call is held before it is sent (it starts on mount). */
export const SigningIn: Story = {
  decorators: [
    (Story) => {
      holdMutations();
      return <Story />;
    },
    withHeldMutations,
  ],
};

/** A used, expired or unknown link. */
export const Invalid: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      fail('post', '/auth/login-link/consume/', 401, {
        detail: 'The sign-in link is invalid, used or expired.',
        code: 'token_invalid',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: /login|iniciar sesión/i })).toBeVisible();
  },
};

/** The server failed: Retry. */
export const Failed: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      fail('post', '/auth/login-link/consume/', 503, {
        detail: 'Unavailable.',
        code: 'unavailable',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: /retry|reintentar/i })).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, Invalid);

export const Spanish: Story = inMatrix({ locale: 'es' }, Invalid);

export const Phone: Story = inMatrix({ viewport: 'phone' }, Invalid);
