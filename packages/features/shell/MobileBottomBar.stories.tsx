import { inMatrix, matrixGlobals } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { shellData } from '../shared/test/storyData.ts';
import { MobileBottomBar } from './MobileBottomBar.tsx';

const meta = {
  title: 'Features/shell/MobileBottomBar',
  component: MobileBottomBar,
  args: { currentPath: '/' },
  decorators: [withQueryClient, withSession(true)],
  parameters: { messages, layout: 'fullscreen', msw: shellData('free') },
  globals: matrixGlobals({ viewport: 'phone' }),
} satisfies Meta<typeof MobileBottomBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two pending friend requests on the Friends badge. */
export const Default: Story = {};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' }, { args: { currentPath: '/friends' } });
