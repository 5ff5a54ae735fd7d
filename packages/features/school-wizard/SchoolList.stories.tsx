import { schoolKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { SchoolList } from './SchoolList.tsx';
import { accountOf, emptySchool, fail, ok, school } from './test/storyData.ts';

const withSchools = [accountOf('enterprise'), ok('/auth/schools/', [school(), emptySchool])];
const none = [accountOf('enterprise'), ok('/auth/schools/', [])];

const meta = {
  title: 'Features/school-wizard/SchoolList',
  component: SchoolList,
  decorators: [withSession(true), withQueryClient],
  parameters: { messages, msw: withSchools },
} satisfies Meta<typeof SchoolList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two schools with their statistics and Manage links. */
export const WithSchools: Story = {};

/** Signed out, the queries wait: the skeleton stays. */
export const Loading: Story = { decorators: [withSession(false)] };

/** No school yet: the empty state with Create a school. */
export const Empty: Story = { parameters: { msw: none } };

/** A Standard account: what the Enterprise plan offers, and the plans. */
export const Gated: Story = { parameters: { msw: [accountOf('standard')] } };

/** The list failed: its message and Retry. */
export const LoadError: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  decorators: [
    withFailedQuery(schoolKeys.list(), 503, { detail: 'Service unavailable', code: 'unavailable' }),
  ],
  parameters: {
    msw: [
      accountOf('enterprise'),
      fail('get', '/auth/schools/', 503, { detail: 'Service unavailable', code: 'unavailable' }),
    ],
  },
};

/** Create a school opens the wizard on its first step. */
export const Wizard: Story = {
  parameters: { msw: none },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Create a school' }));
    await expect(await canvas.findByLabelText(/School name/)).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });

export const SpanishEmpty: Story = inMatrix({ locale: 'es' }, { parameters: { msw: none } });

export const Phone: Story = inMatrix({ viewport: 'phone' });

export const PhoneDarkSpanish: Story = inMatrix({ viewport: 'phone', theme: 'dark', locale: 'es' });
