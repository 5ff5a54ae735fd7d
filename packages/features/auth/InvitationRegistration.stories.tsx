import type { Schemas } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { fail } from '../shared/test/storyData.ts';
import * as s from './auth.css.ts';
import { InvitationRegistration, InvitationWelcome } from './InvitationRegistration.tsx';

const invitation: Schemas['InvitationVerification'] = {
  valid: true,
  error: null,
  error_code: null,
  invitation_type: 'teacher',
  plan_type: 'standard',
  expires_at: '2025-02-15T12:00:00.000Z',
  invited_by: 'profe.martinez',
  email: null,
};

const typed = {
  email: 'lucia@example.com',
  username: 'lucia',
  password: 'a long enough password',
  password2: 'a long enough password',
  firstName: 'Lucía',
  lastName: 'Fernández',
};

const meta = {
  title: 'Features/auth/InvitationRegistration',
  component: InvitationRegistration,
  args: { code: 'TEACH-2025', invitation, onCancel: () => {} },
  decorators: [
    (Story) => (
      <div className={s.page}>
        <div className={s.card}>
          <Story />
        </div>
      </div>
    ),
    withQueryClient,
    withSession(false),
  ],
  parameters: { messages, layout: 'fullscreen' },
} satisfies Meta<typeof InvitationRegistration>;

export default meta;
type Story = StoryObj<typeof meta>;

const input = (root: HTMLElement, name: string) =>
  root.querySelector(`input[name="${name}"]`) as HTMLInputElement;

/** Presses the step's main button (Next, or Create account) and waits for the alert. */
async function pressAndExpectAlert(root: HTMLElement, button: RegExp) {
  const canvas = within(root);
  await userEvent.click(canvas.getByRole('button', { name: button }));
  await expect(await canvas.findByRole('alert')).toBeVisible();
}

const NEXT = /^(next|siguiente)$/i;
const CREATE = /^(create account|crear cuenta)$/i;

export const AccountStep: Story = {};

export const PasswordStep: Story = {
  args: {
    initialStep: 'password',
    initialValues: { email: typed.email, username: typed.username },
  },
};

export const NameStep: Story = {
  args: { initialStep: 'name', initialValues: { ...typed, firstName: '', lastName: '' } },
};

export const ConfirmStep: Story = { args: { initialStep: 'confirm', initialValues: typed } };

/** An enterprise invitation: the teacher's account gets Enterprise. */
export const EnterpriseConfirm: Story = {
  args: {
    initialStep: 'confirm',
    initialValues: typed,
    invitation: { ...invitation, invitation_type: 'enterprise', plan_type: 'enterprise' },
  },
};

/** An invitation for one address: the email is filled in and cannot be changed. */
export const BoundToEmail: Story = {
  args: { invitation: { ...invitation, email: 'lucia@example.com' } },
};

export const AccountStepRequired: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(input(canvasElement, 'email'), typed.email);
    await pressAndExpectAlert(canvasElement, NEXT);
  },
};

export const PasswordsDoNotMatch: Story = {
  args: PasswordStep.args,
  play: async ({ canvasElement }) => {
    await userEvent.type(input(canvasElement, 'password'), 'password-one');
    await userEvent.type(input(canvasElement, 'password2'), 'password-two');
    await pressAndExpectAlert(canvasElement, NEXT);
  },
};

export const PasswordTooShort: Story = {
  args: PasswordStep.args,
  play: async ({ canvasElement }) => {
    await userEvent.type(input(canvasElement, 'password'), 'short');
    await userEvent.type(input(canvasElement, 'password2'), 'short');
    await pressAndExpectAlert(canvasElement, NEXT);
  },
};

export const NameStepRequired: Story = {
  args: NameStep.args,
  play: async ({ canvasElement }) => {
    await userEvent.type(input(canvasElement, 'first_name'), typed.firstName);
    await pressAndExpectAlert(canvasElement, NEXT);
  },
};

/** The address was taken meanwhile: back to the account step, the message under Email. */
export const EmailTaken: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  args: ConfirmStep.args,
  parameters: {
    msw: [
      fail('post', '/auth/invitation/{code}/', 400, {
        detail: 'A user with this email already exists.',
        code: 'validation_error',
        fields: { email: ['A user with this email already exists.'] },
        field_codes: { email: ['email_taken'] },
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    await pressAndExpectAlert(canvasElement, CREATE);
    await expect(input(canvasElement, 'email')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Someone used the code first: the reason from `field_codes.code`, no Retry. */
export const InvitationUsed: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  args: ConfirmStep.args,
  parameters: {
    msw: [
      fail('post', '/auth/invitation/{code}/', 409, {
        detail: 'This invitation has already been used.',
        code: 'conflict',
        fields: { code: ['This invitation has already been used.'] },
        field_codes: { code: ['invitation_used'] },
      }),
    ],
  },
  play: ({ canvasElement }) => pressAndExpectAlert(canvasElement, CREATE),
};

/** The server failed: "Registration failed" and Retry, which sends the same form again. */
export const ServerError: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  args: ConfirmStep.args,
  parameters: {
    msw: [
      fail('post', '/auth/invitation/{code}/', 500, {
        detail: 'Internal server error.',
        code: 'internal_error',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    await pressAndExpectAlert(canvasElement, CREATE);
    await expect(
      within(canvasElement).getByRole('button', { name: /^(retry|reintentar)$/i }),
    ).toBeVisible();
  },
};

/** The success state after the account was created and signed in (`InvitationWelcome`). */
export const Registered: Story = {
  render: () => <InvitationWelcome plan="standard" />,
};

export const Dark: Story = inMatrix({ theme: 'dark' }, ConfirmStep);

export const DarkError: Story = inMatrix({ theme: 'dark' }, PasswordsDoNotMatch);

export const Spanish: Story = inMatrix({ locale: 'es' }, PasswordsDoNotMatch);

export const SpanishUsed: Story = inMatrix({ locale: 'es' }, InvitationUsed);

export const SpanishRegistered: Story = inMatrix({ locale: 'es' }, Registered);

export const Phone: Story = inMatrix({ viewport: 'phone' }, PasswordStep);

export const PhoneConfirm: Story = inMatrix({ viewport: 'phone' }, ConfirmStep);
