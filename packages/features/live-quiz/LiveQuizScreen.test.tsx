import { $session, ACCESS_TOKEN_KEY, setNavigate } from '@memoria/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { LiveQuizJoin } from './LiveQuizJoin.tsx';
import { LiveQuizScreen } from './LiveQuizScreen.tsx';
import { quizzes, report, running } from './test/storyData.ts';

let server: TestServer;
const navigate = vi.fn();
const QUIZ = '/be/api/auth/live-quizzes/31/';

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  navigate.mockReset();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  $session.set({ signedIn: true, email: 'teacher@example.com' });
  setNavigate(navigate);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** A quiz at a step, where "now" is its server time (so the clock does not run out). */
function fresh<T extends { server_time: string; question: unknown }>(quiz: T): T {
  const now = Date.now();
  const q = quiz.question as { started_at: string; ends_at: string } | null;
  return {
    ...quiz,
    server_time: new Date(now).toISOString(),
    question: q
      ? {
          ...q,
          started_at: new Date(now - 5000).toISOString(),
          ends_at: new Date(now + 60_000).toISOString(),
        }
      : null,
  };
}

type Sent = { method: string; path: string; body: unknown };

function serve(state: unknown, extra: Record<string, unknown> = {}): Sent[] {
  const sent: Sent[] = [];
  server.handle((request) => {
    const path = request.path.split('?')[0] ?? '';
    if (request.method !== 'GET') {
      sent.push({ method: request.method, path, body: JSON.parse(request.body || 'null') });
      const answer = extra[path];
      return answer ? (answer as never) : { status: 200, body: state };
    }
    if (path === QUIZ) return { status: 200, body: state };
    if (path === `${QUIZ}report/`) return { status: 200, body: report };
    if (path === '/be/api/auth/live-quizzes/') return { status: 200, body: running };
    return { status: 404, body: { detail: 'Not found.', code: 'not_found' } };
  });
  return sent;
}

describe('the projector', () => {
  test('shows the code and who joined, and Start moves the quiz from the lobby', async () => {
    const sent = serve(fresh(quizzes.lobby));
    renderWithProviders(<LiveQuizScreen quizId={31} />);
    expect((await screen.findByTestId('live-quiz-code')).textContent).toContain('482913');
    expect(screen.getByText('3 players')).toBeTruthy();
    expect(screen.getByText('mateo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start the quiz' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: `${QUIZ}next/`,
      body: { from_status: 'lobby', from_index: -1 },
    });
  });

  test('the lobby says where to type the code, as Kahoot shows its address', async () => {
    serve(fresh(quizzes.lobby));
    renderWithProviders(<LiveQuizScreen quizId={31} />, { locale: 'es' });
    await screen.findByTestId('live-quiz-code');
    expect(screen.getByText(`${window.location.host}/live-quiz`)).toBeTruthy();
  });

  test('shows an open question with no answer marked and the answered count', async () => {
    serve(fresh(quizzes.question));
    renderWithProviders(<LiveQuizScreen quizId={31} />);
    expect(await screen.findByText('Capital of Australia')).toBeTruthy();
    expect(screen.getByText('2 of 3 answered')).toBeTruthy();
    expect(screen.getByText(/seconds left/)).toBeTruthy();
    expect(screen.queryByText('Right answer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Close the question' })).toBeTruthy();
  });

  test('after a question shows the distribution, the right option and the leaderboard', async () => {
    serve(fresh(quizzes.reveal));
    renderWithProviders(<LiveQuizScreen quizId={31} />);
    const bars = await screen.findByTestId('live-quiz-distribution');
    const items = within(bars).getAllByRole('listitem');
    expect(items[1]?.textContent).toContain('2. Canberra ✓ (Right answer)2 answers');
    expect(items[0]?.textContent).toContain('1 answer');
    const board = screen.getByTestId('live-quiz-leaderboard');
    expect(within(board).getAllByRole('row')[1]?.textContent).toContain('1lucia1850');
    expect(screen.getByRole('button', { name: 'Next question' })).toBeTruthy();
  });

  test('at the end shows the report and downloads it as CSV', async () => {
    serve(fresh(quizzes.finished));
    const made: Blob[] = [];
    const spies = [
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        made.push(blob as Blob);
        return 'blob:report';
      }),
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {}),
      // The page would follow the link; the file is what matters here.
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {}),
    ];
    renderWithProviders(<LiveQuizScreen quizId={31} />);
    const students = await screen.findByTestId('live-quiz-report-students');
    expect(within(students).getAllByRole('row')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const [file] = made;
    expect(made).toHaveLength(1);
    const text = (await file?.text()) ?? '';
    expect(text).toContain('2,Capital of Australia,Canberra,3,2,6.1\r\n');
    expect(text).toContain('\r\n\r\nRank,Student,Points,Answered,Right\r\n1,lucia,1850,2,2\r\n');
    for (const spy of spies) spy.mockRestore();
  });
});

describe("a student's screen", () => {
  test('answers with the key 2 and says the answer was received', async () => {
    const answered = { ...fresh(quizzes.playerAnswered) };
    const sent = serve(fresh(quizzes.playerQuestion), {
      [`${QUIZ}answer/`]: { status: 200, body: { correct: true, points: 930, score: 1860 } },
    });
    renderWithProviders(<LiveQuizScreen quizId={31} />);
    const canberra = await screen.findByRole('button', { name: '2 Canberra' });
    expect((canberra as HTMLButtonElement).disabled).toBe(false);
    server.handle((request) => {
      const path = request.path.split('?')[0] ?? '';
      if (request.method === 'POST') {
        sent.push({ method: 'POST', path, body: JSON.parse(request.body) });
        return { status: 200, body: { correct: true, points: 930, score: 1860 } };
      }
      return { status: 200, body: answered };
    });
    fireEvent.keyDown(window, { key: '2' });
    expect(await screen.findByText('Answer received.')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'POST', path: `${QUIZ}answer/`, body: { question_index: 1, option: 1 } },
    ]);
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: '2 Canberra' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
  });

  test('after the question says right or wrong with their standing', async () => {
    serve(fresh(quizzes.playerReveal));
    renderWithProviders(<LiveQuizScreen quizId={31} />);
    expect((await screen.findByTestId('live-quiz-result')).textContent).toContain('Right!');
    expect(screen.getByTestId('live-quiz-standing').textContent).toContain('1850 points · rank 1');
  });

  test('after a reload, the closed question shows the points it scored', async () => {
    const quiz = fresh(quizzes.playerReveal);
    serve({ ...quiz, question: { ...quiz.question, my_points: 920 } });
    renderWithProviders(<LiveQuizScreen quizId={31} />);
    expect((await screen.findByTestId('live-quiz-result')).textContent).toBe('Right! +920 points');
  });

  test('at the end the student has a way on: back to the dashboard', async () => {
    serve(fresh(quizzes.playerFinished));
    renderWithProviders(<LiveQuizScreen quizId={31} />, { locale: 'es' });
    const back = await screen.findByRole('link', { name: 'Volver al panel' });
    expect(back.getAttribute('href')).toBe('/');
  });

  test('a wrong answer names the right one', async () => {
    const quiz = fresh(quizzes.playerReveal);
    serve({ ...quiz, question: { ...quiz.question, my_option: 0 } });
    renderWithProviders(<LiveQuizScreen quizId={31} />);
    expect((await screen.findByTestId('live-quiz-result')).textContent).toContain(
      'Wrong. The answer was “Canberra”.',
    );
  });

  test('a student who has not joined gets the join form, and the code opens the quiz', async () => {
    server.handle((request) => {
      const path = request.path.split('?')[0] ?? '';
      if (path === QUIZ) return { status: 404, body: { detail: 'Not found.', code: 'not_found' } };
      if (path === '/be/api/auth/live-quizzes/join/') {
        const { code } = JSON.parse(request.body);
        return code === '482913'
          ? { status: 200, body: fresh(quizzes.playerLobby) }
          : { status: 404, body: { detail: 'Not found.', code: 'not_found' } };
      }
      return { status: 200, body: running };
    });
    renderWithProviders(<LiveQuizScreen quizId={31} />);
    const field = await screen.findByLabelText('Six-digit code');
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Type the six digits your teacher shows.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('No quiz is running with that code.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '482913' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/live-quiz/31'));
  });
});

describe('joining', () => {
  test('a student joins a running quiz in one click, without the code', async () => {
    const sent = serve(fresh(quizzes.playerLobby));
    renderWithProviders(<LiveQuizJoin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Join Capitals · Biology 1A' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/live-quiz/31'));
    expect(sent).toEqual([{ method: 'POST', path: `${QUIZ}join/`, body: null }]);
  });

  test('a quiz the learner runs is a link to its projector', async () => {
    serve(fresh(quizzes.lobby));
    server.handle((request) =>
      request.path.startsWith('/be/api/auth/live-quizzes/')
        ? { status: 200, body: running.map((q) => ({ ...q, is_teacher: true })) }
        : { status: 404, body: {} },
    );
    renderWithProviders(<LiveQuizJoin />);
    expect(
      (await screen.findByRole('link', { name: 'Capitals · Biology 1A' })).getAttribute('href'),
    ).toBe('/live-quiz/31');
    expect(screen.queryByRole('button', { name: /^Join Capitals/ })).toBeNull();
  });
});
