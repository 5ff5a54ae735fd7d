import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '../messages.ts';
import { CameraCaptureDialog } from './CameraCaptureDialog.tsx';

const denied = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));

const meta = {
  title: 'Features/decks/CameraCaptureDialog',
  component: CameraCaptureDialog,
  args: { open: true, onClose: fn(), onCapture: fn(), getUserMedia: denied },
  parameters: { messages },
  tags: ['expected-console-errors'],
} satisfies Meta<typeof CameraCaptureDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AccessDenied: Story = {};

export const PreviewError: Story = { args: { initialError: 'preview' } };

export const NotReady: Story = { args: { initialError: 'notReady' } };

export const ElementsNotFound: Story = { args: { initialError: 'elements' } };

export const StreamError: Story = { args: { initialError: 'stream' } };

export const Spanish: Story = inMatrix({ locale: 'es' });

export const Dark: Story = inMatrix({ theme: 'dark' });
