import { cardSearchKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { CardBrowser } from './CardBrowser.tsx';
import { BAD_QUERY, CARDS, page } from './test/cards.ts';

const SEARCH = '/space-repetition/cards/search/';

const meta = {
  title: 'Features/card-browser/CardBrowser',
  component: CardBrowser,
  decorators: [withSession(true), withQueryClient],
  parameters: { messages, msw: [ok(SEARCH, page(CARDS))] },
} satisfies Meta<typeof CardBrowser>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every card: the table with a flagged card and a new one. */
export const Default: Story = {};

/** Nothing found. */
export const Empty: Story = { parameters: { msw: [ok(SEARCH, page([]))] } };

/** The search failed: the message and Retry. */
export const LoadError: Story = {
  decorators: [
    withFailedQuery(cardSearchKeys.search({}), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
};

/** A query that does not parse: the server's message under the box. */
export const BadQuery: Story = {
  decorators: [withFailedQuery(cardSearchKeys.search({}), 400, BAD_QUERY)],
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });

export const Phone: Story = inMatrix({ viewport: 'phone' });
