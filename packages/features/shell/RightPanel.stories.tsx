import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { shellData, shellEmpty, shellFailing } from '../shared/test/storyData.ts';
import { RightPanel } from './RightPanel.tsx';

// No `now` arg: the preview's clock starts at FIXED_NOW, and a Date among the args broke the
// docs page (Storybook's args copy lost the Date's value: "this is not a Date object" when the
// docs serialised them, and the page never rendered).
const meta = {
  title: 'Features/shell/RightPanel',
  component: RightPanel,
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
    withQueryClient,
    withSession(true),
  ],
  parameters: { messages, msw: shellData('standard') },
} satisfies Meta<typeof RightPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithData: Story = {};

/** No data yet: quiet empty states. */
export const Empty: Story = {
  parameters: { msw: shellEmpty('standard') },
};

/** Signed out, the queries wait: each card's skeleton and a blank grid (no request left hanging). */
export const Loading: Story = { decorators: [withSession(false)] };

/** Calls failing: could not load with Retry; a 501 of an unbuilt operation reads Coming soon. */
export const Failed: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: { msw: shellFailing('standard') },
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });
