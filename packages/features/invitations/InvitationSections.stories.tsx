import { invitationKeys, type Schemas } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ago, FIXED_NOW } from '../../../.storybook/fixtures.ts';
import { ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { user } from '../shared/test/storyData.ts';
import { InvitationSections } from './InvitationSections.tsx';

const owner: Schemas['UserSummary'] = {
  id: 1,
  email: 'ana@example.com',
  username: 'ana',
  first_name: 'Ana',
  last_name: 'García',
};
const people: Schemas['UserSummary'][] = [
  { id: 7, email: 'luis@example.com', username: 'luis', first_name: 'Luis', last_name: 'Pérez' },
  { id: 8, email: 'mia@example.com', username: 'mia', first_name: '', last_name: '' },
];
const inDays = (days: number) => new Date(FIXED_NOW.getTime() + days * 86_400_000).toISOString();

function invitation(
  id: number,
  kind: Schemas['InvitationType'],
  status: Schemas['InvitationStatus'],
  email: string | null = null,
): Schemas['Invitation'] {
  return {
    id,
    code: `Zq3xY8w2KpL0vN5mR7tB1cD4eF6gH9j${id}`,
    invitation_type: kind,
    plan_type: kind === 'enterprise' ? 'enterprise' : 'standard',
    email,
    status,
    created_by: owner,
    used_by: status === 'used' ? (people[0] as Schemas['UserSummary']) : null,
    created_at: ago({ days: 2 }),
    expires_at: status === 'expired' ? ago({ days: 1 }) : inDays(5),
    used_at: status === 'used' ? ago({ days: 1 }) : null,
  };
}

const handlers = (plan: Schemas['AccountType'], empty = false) => [
  ok('/auth/users/me/', { ...user, account_type: plan }),
  ok(
    '/auth/enterprise-invitations/',
    empty ? [] : [invitation(3, 'enterprise', 'pending'), invitation(2, 'enterprise', 'used')],
  ),
  ok(
    '/auth/teacher-invitations/',
    empty
      ? []
      : [
          invitation(13, 'teacher', 'pending', 'kim@example.com'),
          invitation(12, 'teacher', 'used'),
          invitation(11, 'teacher', 'expired'),
        ],
  ),
  ok('/auth/enterprise-teacher-relationships/my_enterprise_teachers/', empty ? [] : people),
  ok('/auth/teacher-student-relationships/my_students/', empty ? [] : people),
];

const meta = {
  title: 'Features/invitations/InvitationSections',
  component: InvitationSections,
  decorators: [withSession(true), withQueryClient],
  // A fixed origin: the story server's port changes from run to run.
  args: { origin: 'https://memoria.app' },
  parameters: { messages, msw: handlers('enterprise_plus') },
} satisfies Meta<typeof InvitationSections>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An Enterprise+ owner: enterprise and student invitations in every status, teachers, students. */
export const Owner: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Enterprise invitations' }),
    ).toBeVisible();
    await expect(await canvas.findByText('For kim@example.com')).toBeVisible();
    await expect(canvas.getAllByText('Expired').length).toBeGreaterThan(0);
    // Two sections name him, each from its own call: findAll answers as soon as the first has.
    await waitFor(() => expect(canvas.getAllByText('Luis Pérez')).toHaveLength(2));
  },
};

/** An Enterprise teacher with nothing yet: only the student invitations and students, empty. */
export const TeacherEmpty: Story = {
  parameters: { msw: handlers('enterprise', true) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No invitations yet.')).toBeVisible();
    await expect(await canvas.findByText(/No students yet/)).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Enterprise invitations' })).toBeNull();
  },
};

/** The student invitations could not be read: the error with Retry; the rest still shows. */
export const LoadFailed: Story = {
  parameters: { msw: handlers('enterprise') },
  decorators: [
    withFailedQuery(invitationKeys.list('teacher'), 500, {
      detail: 'Internal error',
      code: 'internal_error',
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Error fetching your invitations')).toBeVisible();
    await expect(await canvas.findByText('Luis Pérez')).toBeVisible();
  },
};

/** Revoke asks first: the confirmation dialog over the list. */
export const RevokeConfirmation: Story = {
  parameters: { msw: handlers('enterprise') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [revoke] = await canvas.findAllByRole('button', { name: 'Revoke' });
    await userEvent.click(revoke as HTMLElement);
    const dialog = await within(document.body).findByRole('dialog');
    await expect(within(dialog).getByText(/stop working at once/)).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, Owner);

export const Spanish: Story = {
  ...inMatrix({ locale: 'es' }, TeacherEmpty),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Todavía no hay invitaciones.')).toBeVisible();
  },
};

export const Phone: Story = inMatrix({ viewport: 'phone' }, Owner);
