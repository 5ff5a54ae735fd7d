import { invitationQueries, type Schemas } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { accountInfo, fail, ok } from '../shared/test/storyData.ts';
import * as s from './auth.css.ts';
import { InvitationPage } from './InvitationPage.tsx';

const valid: Schemas['InvitationVerification'] = {
  valid: true,
  error: null,
  error_code: null,
  invitation_type: 'teacher',
  plan_type: 'standard',
  expires_at: '2025-02-15T12:00:00.000Z',
  invited_by: 'profe.martinez',
  email: null,
};

const meta = {
  title: 'Features/auth/Invitation',
  component: InvitationPage,
  args: { code: 'TEACH-2025' },
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
} satisfies Meta<typeof InvitationPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No code yet, so the verification never starts: the loading view, with no request. */
export const Loading: Story = { args: { code: '' } };

const invalid = (error_code: Schemas['FieldErrorCode'], error: string) => ({
  parameters: {
    msw: [
      ok('/auth/verify-invitation/{code}/', {
        ...valid,
        valid: false,
        error,
        error_code,
        plan_type: null,
        invitation_type: null,
        expires_at: null,
      }),
    ],
  },
});

export const Invalid: Story = invalid('invitation_invalid', 'Invalid or expired invitation link');

/** The reason comes from `error_code`, translated (never the server's English `error`). */
export const Used: Story = invalid('invitation_used', 'This invitation has already been used.');

export const Expired: Story = invalid('invitation_expired', 'This invitation has expired.');

/** Too many unknown codes from this address: the reason and Retry. */
export const RateLimited: Story = {
  decorators: [
    withFailedQuery(invitationQueries.verify('TEACH-2025').queryKey, 429, {
      detail: 'Too many requests.',
      code: 'rate_limited',
    }),
  ],
};

/** The server before invitations are built: 501 shows the invalid view, quietly. */
export const NotImplemented: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      fail('get', '/auth/verify-invitation/{code}/', 501, {
        detail: 'verifyInvitation is not implemented yet',
        code: 'not_implemented',
      }),
    ],
  },
};

export const ValidSignedOut: Story = {
  parameters: { msw: [ok('/auth/verify-invitation/{code}/', valid)] },
};

export const ValidSignedIn: Story = {
  decorators: [withSession(true)],
  parameters: { msw: [ok('/auth/verify-invitation/{code}/', valid), accountInfo('free')] },
};

export const AlreadyOnPlan: Story = {
  decorators: [withSession(true)],
  parameters: { msw: [ok('/auth/verify-invitation/{code}/', valid), accountInfo('standard')] },
};

/** Register to accept opens the registration steps in the Register tab. */
export const RegisterSteps: Story = {
  ...ValidSignedOut,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: /^(register|registrarse)$/i }));
    await userEvent.click(
      canvas.getByRole('button', { name: /^(register to accept|registrarse para aceptar)$/i }),
    );
    await expect(await canvas.findByRole('list', { name: /steps|pasos/i })).toBeVisible();
  },
};

/** Apply refused: the reason from `field_codes.code` (here the code was used meanwhile). */
export const ApplyRefused: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  decorators: [withSession(true)],
  parameters: {
    msw: [
      ok('/auth/verify-invitation/{code}/', valid),
      accountInfo('free'),
      fail('post', '/auth/enterprise-invitation/{code}/apply/', 404, {
        detail: 'Invalid or expired invitation link',
        code: 'not_found',
        fields: { code: ['Invalid or expired invitation link'] },
        field_codes: { code: ['invitation_invalid'] },
      }),
      fail('post', '/auth/invitation/{code}/apply/', 409, {
        detail: 'This invitation has already been used.',
        code: 'conflict',
        fields: { code: ['This invitation has already been used.'] },
        field_codes: { code: ['invitation_used'] },
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const apply = await canvas.findByRole('button', {
      name: /^(apply invitation|aplicar invitación)$/i,
    });
    // Apply waits for the account's plan.
    await waitFor(() => expect(apply).toBeEnabled());
    await userEvent.click(apply);
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, ValidSignedIn);

export const DarkRegisterSteps: Story = inMatrix({ theme: 'dark' }, RegisterSteps);

export const SpanishUsed: Story = inMatrix({ locale: 'es' }, Used);

export const SpanishRateLimited: Story = inMatrix({ locale: 'es' }, RateLimited);

export const SpanishApplyRefused: Story = inMatrix({ locale: 'es' }, ApplyRefused);

export const Spanish: Story = inMatrix({ locale: 'es' }, ValidSignedOut);

export const Phone: Story = inMatrix({ viewport: 'phone' }, ValidSignedOut);
