import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { SchoolWizard } from './SchoolWizard.tsx';
import {
  accountOf,
  api,
  courses,
  emptySchool,
  fail,
  HttpResponse,
  ok,
  school,
  schoolData,
  subjects,
} from './test/storyData.ts';

const created = school({
  statistics: { courses_count: 3, subjects_count: 6, teachers_count: 0, students_count: 0 },
});

const meta = {
  title: 'Features/school-wizard/SchoolWizard',
  component: SchoolWizard,
  decorators: [withSession(true), withQueryClient],
  parameters: {
    messages,
    msw: [
      ...schoolData(),
      api.post('/auth/schools/', () => HttpResponse.json(emptySchool, { status: 201 })),
      api.post('/auth/schools/{id}/create_default_data/', () =>
        HttpResponse.json(
          { school: created, courses_created: 3, subjects_created: 6 },
          { status: 201 },
        ),
      ),
      api.post('/auth/teacher-invitations/', () =>
        HttpResponse.json(
          {
            id: 5,
            code: 'c2Nob29sLWludml0ZS0wMDAwMDE',
            invitation_type: 'teacher',
            plan_type: 'standard',
            email: 'ana@colegiodelsur.edu.ar',
            status: 'pending',
            created_by: {
              id: 1,
              email: 'owner@colegiodelsur.edu.ar',
              username: 'owner',
              first_name: 'Olga',
              last_name: 'Ríos',
            },
            used_by: null,
            created_at: '2025-01-15T10:00:00Z',
            expires_at: '2025-01-22T10:00:00Z',
            used_at: null,
          },
          { status: 201 },
        ),
      ),
    ],
  },
} satisfies Meta<typeof SchoolWizard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Step 1: the school's details, empty. */
export const Details: Story = {};

/** Editing a school: its details filled in. */
export const Editing: Story = { args: { school: school() } };

/** The server refused the email and website: each message under its field. */
export const DetailsInvalid: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      fail('post', '/auth/schools/', 400, {
        detail: 'Invalid input.',
        code: 'validation_error',
        fields: { email: ['Enter a valid email address.'], website: ['Enter a web address.'] },
        field_codes: { email: ['invalid_email'], website: ['invalid_website'] },
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/School name/), 'Colegio del Sur');
    await userEvent.type(canvas.getByLabelText('Email'), 'secretaria');
    await userEvent.type(canvas.getByLabelText('Website'), 'colegio');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(
      await canvas.findByText('Enter a web address starting with http:// or https://.'),
    ).toBeVisible();
  },
};

/** A blank name is caught before any call. */
export const NameRequired: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Please enter the school’s name.')).toBeVisible();
  },
};

/**
 * Step 2 after saving the details: the starter data, in the interface's language. The step list
 * marks Details done, and the focus is on the new step's heading.
 */
export const Defaults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/School name/), 'Instituto Norte');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(
      await canvas.findByRole('button', { name: 'Create starter courses and subjects' }),
    ).toBeVisible();
    const heading = canvas.getByRole('heading', { name: 'Step 2 of 5: Starter data' });
    await waitFor(() => expect(heading).toHaveFocus());
  },
};

/** The starter data was created: the counts, and Next. */
export const DefaultsCreated: Story = {
  args: { school: emptySchool, initialStep: 'defaults' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Create starter courses and subjects' }),
    );
    await expect(await canvas.findByText('3 courses and 6 subjects were created.')).toBeVisible();
  },
};

/** The school already had courses or subjects (409): nothing was added. */
export const DefaultsExist: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  args: { school: school(), initialStep: 'defaults' },
  parameters: {
    msw: [
      fail('post', '/auth/schools/{id}/create_default_data/', 409, {
        detail: 'This school already has courses or subjects.',
        code: 'conflict',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Create starter courses and subjects' }),
    );
    await expect(
      await canvas.findByText('This school already has courses or subjects.'),
    ).toBeVisible();
  },
};

/** Step 3: the school's courses and subjects. */
export const Review: Story = {
  args: { school: school(), initialStep: 'review' },
  parameters: {
    msw: [ok('/auth/schools/{id}/courses/', courses), ok('/auth/schools/{id}/subjects/', subjects)],
  },
};

/** Step 3 with neither: the empty states. */
export const ReviewEmpty: Story = {
  args: { school: emptySchool, initialStep: 'review' },
  parameters: {
    msw: [ok('/auth/schools/{id}/courses/', []), ok('/auth/schools/{id}/subjects/', [])],
  },
};

/** Step 4: an invitation created, its link under the form. */
export const Invite: Story = {
  args: { school: school(), initialStep: 'invite', origin: 'https://memoria.app' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Their email'), 'ana@colegiodelsur.edu.ar');
    await userEvent.click(canvas.getByRole('button', { name: 'Create invitation' }));
    await expect(
      await canvas.findByText('Invitation link for ana@colegiodelsur.edu.ar'),
    ).toBeVisible();
  },
};

/**
 * Step 4 for an Enterprise+ owner: they may invite teachers too, and enroll the students and
 * teachers who accepted earlier invitations.
 */
export const InviteEnterprisePlus: Story = {
  args: { school: school(), initialStep: 'invite', origin: 'https://memoria.app' },
  parameters: { msw: [accountOf('enterprise_plus'), ...schoolData()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Invite')).toBeVisible();
    await expect(await canvas.findByLabelText('Teacher')).toBeVisible();
    await expect(await canvas.findByLabelText('Student')).toBeVisible();
  },
};

/** Step 5: the statistics and the link to manage courses and subjects. */
export const Finish: Story = {
  args: { school: school(), initialStep: 'finish' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('link', { name: 'Manage courses and subjects' }),
    ).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, { args: Finish.args, play: Finish.play });

export const Spanish: Story = inMatrix(
  { locale: 'es' },
  { args: Review.args, parameters: Review.parameters },
);

export const SpanishDetails: Story = inMatrix({ locale: 'es' });

export const Phone: Story = inMatrix(
  { viewport: 'phone' },
  { args: Finish.args, play: Finish.play },
);

export const PhoneDarkSpanish: Story = inMatrix({ viewport: 'phone', theme: 'dark', locale: 'es' });
