/**
 * The review of each card type (issue 42): the server's markup for cloze, type-in, image
 * occlusion, sounds, speech and math, each on the front and answered, and each answered in the
 * dark theme, in Spanish and at phone width. Media answer from MSW (the map as an SVG image).
 */
import { $reviewSettings } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { userEvent, within } from 'storybook/test';
import { API_PREFIX, ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { DeckReview } from './DeckReview.tsx';
import { deck, MAP_SVG, NOTE_CARDS, queue } from './test/fixtures.ts';

type CardType = keyof typeof NOTE_CARDS;

const handlers = (type: CardType) => [
  ok('/space-repetition/desks/{id}/', deck()),
  ok('/space-repetition/cards/due_cards/', queue([NOTE_CARDS[type]])),
  http.get(`${API_PREFIX}/space-repetition/media/:hash/`, ({ params }) =>
    String(params.hash).startsWith('a')
      ? new HttpResponse(MAP_SVG, { headers: { 'Content-Type': 'image/svg+xml' } })
      : new HttpResponse(new Uint8Array([0x49, 0x44, 0x33]), {
          headers: { 'Content-Type': 'audio/mpeg' },
        }),
  ),
];

/** A screenshot does not wait for sounds: auto-play off (the R key and buttons stay). */
const withoutAutoPlay: Decorator = (Story) => {
  useState(() => $reviewSettings.set({ autoPlay: false, speech: true }));
  return <Story />;
};

const meta = {
  title: 'Features/deck-review/CardTypes',
  component: DeckReview,
  decorators: [withoutAutoPlay, withSession(true), withQueryClient],
  args: { deckId: 7 },
  parameters: { messages, msw: handlers('cloze') },
} satisfies Meta<typeof DeckReview>;

export default meta;
type Story = StoryObj<typeof meta>;

const front = (type: CardType): Story => ({ parameters: { msw: handlers(type) } });
const answered = (type: CardType): Story => ({
  args: { initiallyRevealed: true },
  parameters: { msw: handlers(type) },
});

/** The type-in card answered: "Rona" typed, then Enter (the diff against "Roma"). */
const typedAndAnswered: Story = {
  parameters: { msw: handlers('typeIn') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await canvas.findByRole('textbox');
    await userEvent.type(box, 'Rona{Enter}');
    await canvas.findByTestId('type-in-diff');
  },
};

export const Cloze: Story = front('cloze');
export const ClozeAnswered: Story = answered('cloze');
export const TypeIn: Story = front('typeIn');
export const TypeInAnswered: Story = typedAndAnswered;
export const Occlusion: Story = front('occlusion');
export const OcclusionAnswered: Story = answered('occlusion');
export const Audio: Story = front('audio');
export const Speech: Story = front('speech');
export const MathAnswered: Story = answered('math');

export const ClozeDark: Story = inMatrix({ theme: 'dark' }, ClozeAnswered);
export const ClozeSpanish: Story = inMatrix({ locale: 'es' }, ClozeAnswered);
export const ClozePhone: Story = inMatrix({ viewport: 'phone' }, ClozeAnswered);
export const TypeInDark: Story = inMatrix({ theme: 'dark' }, typedAndAnswered);
export const TypeInSpanish: Story = inMatrix({ locale: 'es' }, typedAndAnswered);
export const TypeInPhone: Story = inMatrix({ viewport: 'phone' }, typedAndAnswered);
export const OcclusionDark: Story = inMatrix({ theme: 'dark' }, Occlusion);
export const OcclusionSpanish: Story = inMatrix({ locale: 'es' }, OcclusionAnswered);
export const OcclusionPhone: Story = inMatrix({ viewport: 'phone' }, Occlusion);
export const AudioDark: Story = inMatrix({ theme: 'dark' }, Audio);
export const AudioSpanish: Story = inMatrix({ locale: 'es' }, Audio);
export const AudioPhone: Story = inMatrix({ viewport: 'phone' }, Audio);
export const SpeechDark: Story = inMatrix({ theme: 'dark' }, Speech);
export const SpeechSpanish: Story = inMatrix({ locale: 'es' }, Speech);
export const SpeechPhone: Story = inMatrix({ viewport: 'phone' }, Speech);
export const MathDark: Story = inMatrix({ theme: 'dark' }, MathAnswered);
export const MathSpanish: Story = inMatrix({ locale: 'es' }, MathAnswered);
export const MathPhone: Story = inMatrix({ viewport: 'phone' }, MathAnswered);
