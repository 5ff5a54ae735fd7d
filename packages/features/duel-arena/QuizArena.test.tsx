import type { Duel } from '@memoria/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { QuizArena } from './QuizArena.tsx';
import { finishedQuiz, ME, quizDuel, scorelessQuiz, tiedQuiz } from './test/storyData.ts';

const api = signedInApi();
const DUEL = '/be/api/duels/41/';

/** The duel as the server sends it while question 2 is read: no choices until `opensInMs`. */
function reading(opensInMs: number): Duel {
  const open = quizDuel();
  const now = Date.parse(open.server_now);
  return {
    ...open,
    answer_opens_at: new Date(now + opensInMs).toISOString(),
    questions: open.questions.map((q, i) => (i >= 1 ? { ...q, options: null } : q)),
  };
}

describe('QuizArena', () => {
  test('shows the question alone while it is read, then its choices once the server opens it', async () => {
    let reads = 0;
    api.server.handle((req) => {
      if (req.path === DUEL) {
        reads += 1;
        return { status: 200, body: reads === 1 ? reading(1000) : quizDuel() };
      }
      if (req.path === '/be/api/duels/submit-response/') {
        return {
          status: 200,
          body: {
            duel_id: 41,
            question_id: 2,
            is_correct: null,
            correct_answer: null,
            my_score: null,
            opponent_score: null,
            my_answered: 2,
            my_finished: false,
            status: 'in_progress',
            result: 'in_progress',
          },
        };
      }
      return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
    });
    renderWithProviders(<QuizArena duelId={41} myId={ME} />);
    expect(await screen.findByRole('heading', { name: 'Peru' })).toBeTruthy();
    expect(screen.getByText('Read the question: you can answer in 1 second.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Lima/ })).toBeNull();
    expect(screen.queryByText(/Press 1 to/)).toBeNull();
    // A key pressed while reading answers nothing.
    fireEvent.keyDown(window, { key: '1' });

    // The arena asks the server again when the reading time is over.
    expect(await screen.findByRole('button', { name: '1. Lima' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/Read the question/)).toBeNull();
    expect(api.server.hits('/be/api/duels/submit-response/')).toHaveLength(0);
    fireEvent.keyDown(window, { key: '1' });
    await waitFor(() => expect(api.server.hits('/be/api/duels/submit-response/')).toHaveLength(1));
    const sent = JSON.parse(api.server.hits('/be/api/duels/submit-response/')[0]?.body ?? '{}');
    expect(sent).toEqual({ duel_id: 41, question_id: 2, answer: 'Lima' });
  });

  test("says when the opponent's connection dropped, and their progress while connected", async () => {
    let connected = false;
    api.server.handle(() => ({
      status: 200,
      body: quizDuel({ opponent_connected: connected }),
    }));
    const { client, unmount } = renderWithProviders(<QuizArena duelId={41} myId={ME} />);
    expect(
      await screen.findByText(
        'bo lost their connection. The duel goes on: they can come back and play on until their time runs out.',
      ),
    ).toBeTruthy();
    // The question stays playable meanwhile.
    expect(screen.getByRole('button', { name: '1. Lima' })).toBeTruthy();
    connected = true;
    await client.invalidateQueries();
    expect(await screen.findByText('bo: 2 of 3 answered')).toBeTruthy();
    expect(screen.queryByText(/lost their connection/)).toBeNull();
    unmount();
  });

  test('in Spanish', async () => {
    api.server.handle(() => ({
      status: 200,
      body: { ...reading(5000), opponent_connected: false },
    }));
    renderWithProviders(<QuizArena duelId={41} myId={ME} />, { locale: 'es' });
    expect(
      await screen.findByText('Lee la pregunta: podrás responder en 5 segundos.'),
    ).toBeTruthy();
    expect(screen.getByText(/bo perdió la conexión\. El duelo sigue/)).toBeTruthy();
  });

  test("once done, reads the duel again when the friend's time is up, and shows the result", async () => {
    // Ana answered everything; bo's question closed 2 s before this answer (the server waits
    // for the grace). No event will come: bo never plays, or the stream dropped.
    const now = Date.parse(quizDuel().server_now);
    const waiting: Duel = {
      ...quizDuel({}, 3),
      my_finished: true,
      question_deadline_at: null,
      answer_opens_at: null,
      opponent_deadline_at: new Date(now - 2000).toISOString(),
    };
    let reads = 0;
    api.server.handle((req) => {
      if (req.path !== DUEL)
        return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
      reads += 1;
      return { status: 200, body: reads === 1 ? waiting : finishedQuiz('win') };
    });
    renderWithProviders(<QuizArena duelId={41} myId={ME} />);
    expect(await screen.findByText('You are done. Waiting for bo…')).toBeTruthy();
    expect(await screen.findByText('You won!', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('You 3 · bo 2')).toBeTruthy();
    expect(reads).toBe(2);
  });
});

// Issue 40 item 2: equal scores were won or lost without a word on how.
describe('QuizArena: equal scores', () => {
  test.each([
    ['en', 'win', 'You won!', 'Won on time: 41.2 s against 55.0 s.'],
    ['en', 'lose', 'bo won.', 'Lost on time: 41.2 s against 30.5 s.'],
    ['es', 'win', '¡Ganaste!', 'Ganado por tiempo: 41,2 s frente a 55,0 s.'],
  ] as const)('(%s) a %s on time says so, with both times', async (locale, result, head, how) => {
    api.server.handle(() => ({ status: 200, body: tiedQuiz(result) }));
    renderWithProviders(<QuizArena duelId={41} myId={ME} />, { locale });
    expect(await screen.findByText(head)).toBeTruthy();
    expect(screen.getByText(how)).toBeTruthy();
  });

  test('nobody scored: a draw, saying why, and no times', async () => {
    api.server.handle(() => ({ status: 200, body: scorelessQuiz() }));
    renderWithProviders(<QuizArena duelId={41} myId={ME} />);
    expect(await screen.findByText('A draw.')).toBeTruthy();
    expect(
      screen.getByText('Neither of you answered anything right, so nobody wins.'),
    ).toBeTruthy();
    expect(screen.queryByText(/on time/)).toBeNull();
  });

  test('different scores need no word on time', async () => {
    api.server.handle(() => ({ status: 200, body: finishedQuiz('win') }));
    renderWithProviders(<QuizArena duelId={41} myId={ME} />);
    expect(await screen.findByText('You won!')).toBeTruthy();
    expect(screen.queryByText(/on time/)).toBeNull();
  });
});

test('the answers of a finished duel are marked in words, not in colour only', async () => {
  api.server.handle(() => ({ status: 200, body: finishedQuiz('lose') }));
  renderWithProviders(<QuizArena duelId={41} myId={ME} />);
  const answers = await screen.findByRole('region', { name: 'Correct answers' });
  const items = within(answers)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(items).toEqual([
    'Spain → MadridYou: Madrid✓ Right',
    'Peru → LimaYou: Paris✗ Wrong',
    'Japan → TokyoYou: Paris✗ Wrong',
  ]);
});
