import { buttonClassName } from '@memoria/ui';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { BuyStandardButton } from './BuyStandardButton.tsx';

/**
 * Signed-out pricing: Standard's "Buy now" (the page hydrates it with `client:interaction` on the
 * first press) opens the Login / Register dialog.
 */
const meta = {
  title: 'Features/pricing/BuyStandardButton',
  component: BuyStandardButton,
  decorators: [withQueryClient, withSession(false)],
  args: { className: buttonClassName() },
  parameters: { messages },
} satisfies Meta<typeof BuyStandardButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** The first click opens the auth dialog on its Login tab. */
export const AuthDialogFromPricing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: /buy now|comprar ahora/i }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('dialog')).toBeVisible();
  },
};

/** The Register tab of the dialog opened from pricing. */
export const RegisterTab: Story = {
  play: async (context) => {
    await AuthDialogFromPricing.play?.(context);
    const body = within(context.canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('tab', { name: /register|registrarse/i }));
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, AuthDialogFromPricing);

export const Spanish: Story = inMatrix({ locale: 'es' }, AuthDialogFromPricing);
