import type { Schemas } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/storybook.tsx';
import { accountInfo, fail, ok } from '../shared/storyData.ts';
import * as s from './auth.css.ts';
import { InvitationPage } from './InvitationPage.tsx';

const valid: Schemas['InvitationVerification'] = {
  valid: true,
  error: null,
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

export const Invalid: Story = {
  parameters: {
    msw: [
      ok('/auth/verify-invitation/{code}/', {
        ...valid,
        valid: false,
        error: null,
        plan_type: null,
        invitation_type: null,
        expires_at: null,
      }),
    ],
  },
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

export const Dark: Story = inMatrix({ theme: 'dark' }, ValidSignedIn);

export const Spanish: Story = inMatrix({ locale: 'es' }, ValidSignedOut);

export const Phone: Story = inMatrix({ viewport: 'phone' }, ValidSignedOut);
