import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { accountInfo } from '../shared/test/storyData.ts';
import { GatedPage } from './GatedPage.tsx';

const meta = {
  title: 'Features/gate/GatedPage',
  component: GatedPage,
  args: { feature: 'duels', title: 'duels' },
  decorators: [withQueryClient, withSession(true)],
  parameters: { messages, layout: 'fullscreen', msw: [accountInfo('free')] },
} satisfies Meta<typeof GatedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Free plan: the Premium modal over an empty page. */
export const Gated: Story = {};

/** Until account info arrives access is denied: nothing of the page shows (here it never
 * starts, as without a session). */
export const Checking: Story = { decorators: [withSession(false)], parameters: { msw: [] } };

export const Allowed: Story = { parameters: { msw: [accountInfo('standard')] } };

export const Spanish: Story = inMatrix({ locale: 'es' });
