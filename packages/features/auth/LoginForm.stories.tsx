import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { api, fail, HttpResponse } from '../shared/test/storyData.ts';
import * as s from './auth.css.ts';
import { LoginForm } from './LoginForm.tsx';

const meta = {
  title: 'Features/auth/LoginForm',
  component: LoginForm,
  decorators: [
    (Story) => (
      <div className={s.page}>
        <Story />
      </div>
    ),
    withQueryClient,
    withSession(false),
  ],
  parameters: { messages, layout: 'fullscreen' },
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllFieldsRequired: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /log in|iniciar sesión/i }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};

export const ServerError: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      fail('post', '/auth/token/', 401, {
        detail: 'Invalid email or password',
        code: 'invalid_credentials',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const inputs = canvasElement.querySelectorAll('input');
    await userEvent.type(inputs[0] as HTMLInputElement, 'ana@example.com');
    await userEvent.type(inputs[1] as HTMLInputElement, 'wrong-password');
    await userEvent.click(canvas.getByRole('button', { name: /log in|iniciar sesión/i }));
    await expect(await canvas.findByText('Invalid email or password.')).toBeVisible();
  },
};

/** The account's shared failure budget is spent: a one-time sign-in link by email is offered. */
export const LinkOffered: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      fail('post', '/auth/token/', 429, {
        detail: 'Too many failed sign-in attempts for this account.',
        code: 'rate_limited',
        sign_in_link: true,
      }),
      api.post('/auth/login-link/', () => new HttpResponse(null, { status: 202 })),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const inputs = canvasElement.querySelectorAll('input');
    await userEvent.type(inputs[0] as HTMLInputElement, 'ana@example.com');
    await userEvent.type(inputs[1] as HTMLInputElement, 'secret-password');
    await userEvent.click(canvas.getByRole('button', { name: /log in|iniciar sesión/i }));
    await expect(
      await canvas.findByRole('button', { name: /sign-in link|enlace para iniciar/i }),
    ).toBeVisible();
  },
};

/** After "Email me a sign-in link": the link is on its way. */
export const LinkSent: Story = {
  ...LinkOffered,
  play: async (context) => {
    await LinkOffered.play?.(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: /sign-in link|enlace para iniciar/i }),
    );
    await expect(await canvas.findByRole('status')).toBeVisible();
  },
};

export const WithInvitation: Story = { args: { invitationCode: 'TEACH-2025' } };

export const Dark: Story = inMatrix({ theme: 'dark' }, AllFieldsRequired);

export const Spanish: Story = inMatrix({ locale: 'es' }, AllFieldsRequired);

export const SpanishLinkSent: Story = inMatrix({ locale: 'es' }, LinkSent);

export const Phone: Story = inMatrix({ viewport: 'phone' });
