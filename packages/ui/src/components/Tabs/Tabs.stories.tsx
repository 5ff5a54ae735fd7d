import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { inMatrix } from '../../test/storybook.ts';
import { Tabs } from './Tabs.tsx';

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  args: {
    'aria-label': 'Authentication',
    onChange: fn(),
    tabs: [
      { id: 'login', label: 'Login', content: <p>Sign in with your email and password.</p> },
      { id: 'register', label: 'Register', content: <p>Create a free account in a minute.</p> },
      { id: 'sso', label: 'School account', content: <p>Not available yet.</p>, disabled: true },
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const SecondSelected: Story = { args: { defaultValue: 'register' } };

export const FullWidth: Story = { args: { fullWidth: true } };

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix(
  { locale: 'es' },
  {
    args: {
      'aria-label': 'Autenticación',
      tabs: [
        { id: 'login', label: 'Iniciar sesión', content: <p>Entra con tu correo y contraseña.</p> },
        {
          id: 'register',
          label: 'Registrarse',
          content: <p>Crea una cuenta gratis en un minuto.</p>,
        },
      ],
    },
  },
);
