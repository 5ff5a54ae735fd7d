import type { DisciplineId, TrainingSubmit } from '@memoria/api';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, test, vi } from 'vitest';
import { messages } from '../messages.ts';
import { TrainingSession } from './TrainingSession.tsx';
import { attempt, DECK, SEQUENCES, WORDS } from './test/storyData.ts';

/** The recall of `discipline`, and what Submit sends. */
function recall(discipline: DisciplineId) {
  const onSubmit = vi.fn<(body: TrainingSubmit) => void>();
  render(
    <IntlProvider locale="en" messages={messages.en}>
      <TrainingSession attempt={attempt(discipline)} phase="recall" onSubmit={onSubmit} />
    </IntlProvider>,
  );
  const submitted = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    return onSubmit.mock.calls[0]?.[0];
  };
  return { submitted };
}

describe('TrainingSession: each recall by keyboard gives the answers payload', () => {
  test('Numbers: digits fill the grid row by row; Backspace and the arrows move', async () => {
    const { submitted } = recall('numbers');
    // The first digit has the focus when recall shows.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Digit 1' }));
    await userEvent.keyboard('3149');
    // A slip: Backspace on the empty next digit clears the 9 and stays there; 5 takes its place.
    await userEvent.keyboard('{Backspace}5');
    // Down a row (40 digits), type, then back up and left, and type again.
    await userEvent.keyboard('{ArrowDown}7{ArrowUp}{ArrowLeft}2');
    const body = await submitted();
    const answers = body?.answers ?? [];
    expect(answers).toHaveLength(80);
    expect(answers.slice(0, 6)).toEqual(['3', '1', '4', '5', '2', '']);
    expect(answers[44]).toBe('7');
    expect(answers.filter(Boolean)).toHaveLength(6);
    // The recall started without "Recall now": no memorize_ms (the server takes the limit).
    expect(body).not.toHaveProperty('memorize_ms');
  });

  test('Numbers: Enter in a digit field submits, as Submit does', async () => {
    const onSubmit = vi.fn<(body: TrainingSubmit) => void>();
    render(
      <IntlProvider locale="en" messages={messages.en}>
        <TrainingSession attempt={attempt('numbers')} phase="recall" onSubmit={onSubmit} />
      </IntlProvider>,
    );
    await userEvent.keyboard('31{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0].answers.slice(0, 3)).toEqual(['3', '1', '']);
  });

  test('Images: a focused picture moves to the place pressed (1–5), within its sequence', async () => {
    const { submitted } = recall('images');
    // Shuffled: 🍎 🐶 🚲 ⛺ 🎸. Put 🐶 first, then ⛺ third.
    await userEvent.click(screen.getByRole('button', { name: 'Picture 🐶, position 2' }));
    await userEvent.keyboard('1');
    screen.getByRole('button', { name: 'Picture ⛺, position 4' }).focus();
    await userEvent.keyboard('3');
    // The second sequence by taps: 🎈 🔑 📚 🌵 🚗 → tap two pictures to swap them.
    await userEvent.click(screen.getByRole('button', { name: 'Picture 🔑, position 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Picture 🎈, position 1' }));
    const body = await submitted();
    expect(body?.answers).toEqual([...(SEQUENCES[0] ?? []), '🔑', '🎈', '📚', '🌵', '🚗']);
  });

  test('Words: typed in order, Enter moves to the next word', async () => {
    const { submitted } = recall('words');
    await userEvent.keyboard(`${WORDS.slice(0, 3).join('{Enter}')}{Enter}{Enter}spoon`);
    const body = await submitted();
    expect(body?.answers).toEqual(['river', 'candle', 'tiger', '', 'spoon', '']);
  });

  test('Names & Faces: a first and a last name per shuffled face, in that order', async () => {
    const { submitted } = recall('names');
    await userEvent.keyboard('Olivia{Enter}Brown{Enter}Emma{Enter}{Enter}Ava');
    const body = await submitted();
    expect(body?.answers).toEqual(['Olivia', 'Brown', 'Emma', '', 'Ava', '', '', '', '', '']);
    expect(screen.getByRole('textbox', { name: 'Last name, Face 5' })).toBeTruthy();
  });

  test('Cards: rank then suit adds a card, Backspace takes one back, clicks pick too', async () => {
    const { submitted } = recall('cards');
    // The picker has the focus: type the first three cards, take the third back.
    const [first, second, third] = DECK;
    await userEvent.keyboard(`${first}${second}${third}{Backspace}`);
    expect(screen.getByText('2 of 52 cards')).toBeTruthy();
    // A used card cannot be picked twice.
    expect(
      (screen.getByRole('button', { name: 'A of spades' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'K of hearts' }));
    // "10" reads as T.
    await userEvent.keyboard('10C');
    const body = await submitted();
    expect(body?.answers).toEqual([first, second, 'KH', 'TC']);
  });
});

describe('TrainingSession: the phases', () => {
  test('memorise shows the content; Recall now turns to recall and sends memorize_ms', async () => {
    const onSubmit = vi.fn<(body: TrainingSubmit) => void>();
    render(
      <IntlProvider locale="en" messages={messages.en}>
        <TrainingSession attempt={attempt('words')} onSubmit={onSubmit} />
      </IntlProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Words · Memorise, in order' })).toBeTruthy();
    expect(screen.getByText('candle')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('60 s left');
    await userEvent.click(screen.getByRole('button', { name: 'Recall now' }));
    expect(screen.getByRole('heading', { name: 'Words · Recall' })).toBeTruthy();
    expect(screen.queryByText('candle')).toBeNull();
    await userEvent.keyboard('river');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const body = onSubmit.mock.calls[0]?.[0];
    expect(body?.answers[0]).toBe('river');
    expect(body?.memorize_ms).toBeGreaterThanOrEqual(0);
    expect(body?.memorize_ms).toBeLessThan(60_000);
  });

  test('the recall deadline submits what was typed, once', async () => {
    const onSubmit = vi.fn<(body: TrainingSubmit) => void>();
    const late = attempt('words');
    // The server's clock says the recall closes in one second.
    late.recall_ends_at = new Date(Date.parse(late.server_now) + 1000).toISOString();
    render(
      <IntlProvider locale="en" messages={messages.en}>
        <TrainingSession attempt={late} phase="recall" onSubmit={onSubmit} />
      </IntlProvider>,
    );
    // Typed at once: typing key by key on a loaded machine can outlast the one second.
    const first = document.activeElement as HTMLInputElement;
    fireEvent.change(first, { target: { value: 'river' } });
    expect(await screen.findByText('Time is up', {}, { timeout: 3000 })).toBeTruthy();
    // The submission is the effect of the render that shows "Time is up": it runs in a later
    // task, which a loaded machine can run after this test's next line.
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // Once: the clock ticks every 250 ms and stays at 0.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0].answers).toEqual(['river', '', '', '', '', '']);
  });
});
