import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { fail } from '../shared/test/storyData.ts';
import * as s from './auth.css.ts';
import { RegisterForm } from './RegisterForm.tsx';

const meta = {
  title: 'Features/auth/RegisterForm',
  component: RegisterForm,
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
} satisfies Meta<typeof RegisterForm>;

export default meta;
type Story = StoryObj<typeof meta>;

async function submitWith(canvasElement: HTMLElement, values: string[]) {
  const canvas = within(canvasElement);
  const inputs = canvasElement.querySelectorAll('input');
  for (const [i, value] of values.entries()) {
    if (value) await userEvent.type(inputs[i] as HTMLInputElement, value);
  }
  await userEvent.click(canvas.getByRole('button', { name: /^(register|registrarse)$/i }));
  await expect(await canvas.findByRole('alert')).toBeVisible();
}

export const Default: Story = {};

export const AllFieldsRequired: Story = {
  play: ({ canvasElement }) => submitWith(canvasElement, ['ana@example.com']),
};

export const PasswordsDoNotMatch: Story = {
  play: ({ canvasElement }) =>
    submitWith(canvasElement, ['ana@example.com', 'ana', 'password-1', 'password-2']),
};

export const PasswordTooShort: Story = {
  play: ({ canvasElement }) =>
    submitWith(canvasElement, ['ana@example.com', 'ana', 'short', 'short']),
};

export const ServerError: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      fail('post', '/auth/users/', 400, {
        detail: 'A user with this email already exists.',
        code: 'validation_error',
        fields: { email: ['A user with this email already exists.'] },
        field_codes: { email: ['email_taken'] },
      }),
    ],
  },
  play: ({ canvasElement }) =>
    submitWith(canvasElement, ['ana@example.com', 'ana', 'password-1', 'password-1']),
};

export const WithInvitation: Story = { args: { invitationCode: 'TEACH-2025' } };

export const Dark: Story = inMatrix({ theme: 'dark' }, PasswordsDoNotMatch);

export const Spanish: Story = inMatrix({ locale: 'es' }, PasswordTooShort);

export const Phone: Story = inMatrix({ viewport: 'phone' });
