import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormattedMessage } from 'react-intl';
import { expect, within } from 'storybook/test';
import { inMatrix } from '../test/storybook.ts';
import { AppIntlProvider } from './AppIntlProvider.tsx';

/** One text of the UI package's catalog and one of a feature's, as an island shows them. */
function Texts() {
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px', margin: 0 }}>
      <dt>
        <code>ui.loading</code>
      </dt>
      <dd style={{ margin: 0 }}>
        <FormattedMessage id="ui.loading" />
      </dd>
      <dt>
        <code>errorBoundary.title</code>
      </dt>
      <dd style={{ margin: 0 }}>
        <FormattedMessage id="errorBoundary.title" />
      </dd>
      <dt>
        <code>story.welcome</code>
      </dt>
      <dd style={{ margin: 0 }}>
        <FormattedMessage id="story.welcome" />
      </dd>
    </dl>
  );
}

const meta = {
  title: 'UI/AppIntlProvider',
  component: AppIntlProvider,
  args: { locale: 'en', messages: { 'story.welcome': 'Welcome back' }, children: <Texts /> },
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof AppIntlProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

/** English: the UI package's texts and the feature catalog passed in `messages`. */
export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByText('Loading…')).toBeVisible();
    expect(canvas.getByText('Welcome back')).toBeVisible();
  },
};

/** `locale="es"` with the feature's Spanish catalog: the UI package's texts follow. */
export const Spanish: Story = inMatrix(
  { locale: 'es' },
  {
    args: { locale: 'es', messages: { 'story.welcome': 'Hola de nuevo' } },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      expect(canvas.getByText('Cargando…')).toBeVisible();
      expect(canvas.getByText('Algo salió mal')).toBeVisible();
    },
  },
);

export const Dark: Story = inMatrix({ theme: 'dark' }, English);
