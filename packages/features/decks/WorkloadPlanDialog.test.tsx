import { $session, ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, setNavigate } from '@memoria/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { workload } from './test/workload.ts';
import { WorkloadPlanDialog } from './WorkloadPlanDialog.tsx';

let server: TestServer;

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.origin}/`,
  );
  localStorage.clear();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'access-1');
  localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
  $session.set({ signedIn: true, email: 'ana@example.com' });
  setNavigate(vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const simulations = () =>
  server.hits('/be/api/space-repetition/workload/').map((r) => JSON.parse(r.body));

/** The simulator answers for the asked days and retention; reschedule moves 4 cards. */
function backend() {
  server.handle((request) => {
    if (request.path.startsWith('/be/api/space-repetition/workload/')) {
      const body = JSON.parse(request.body);
      const minutes = body.exam_date ? 15 : Math.round((body.desired_retention ?? 0.9) * 10);
      return {
        status: 200,
        body: workload(body.days, {
          desired_retention: body.desired_retention ?? 0.9,
          minutes_per_day: minutes,
          exam_date: null,
        }),
      };
    }
    if (request.path.endsWith('/exam/')) {
      return { status: 200, body: { desk_id: 7, date: JSON.parse(request.body).date } };
    }
    if (request.path.endsWith('/reschedule/')) {
      return {
        status: 200,
        body: {
          id: 55,
          kind: 'postpone',
          moved: 4,
          safe_count: 4,
          retention_before: 0.9,
          retention_after: 0.85,
        },
      };
    }
    if (request.path.endsWith('/reschedule/55/undo/')) {
      return { status: 200, body: { id: 55, restored: 4 } };
    }
    return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
  });
}

describe('WorkloadPlanDialog', () => {
  test('charts 30 days, then 90, and re-simulates for the retention slider', async () => {
    backend();
    renderWithProviders(<WorkloadPlanDialog deckId={7} open onClose={() => {}} />);
    const chart = await screen.findByRole('img', { name: /About 9 minutes/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    expect(simulations()[0]).toEqual({ days: 30, desk_id: 7 });
    fireEvent.click(screen.getByRole('button', { name: '90 days' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /About/ }).querySelectorAll('rect')).toHaveLength(90),
    );
    fireEvent.change(screen.getByLabelText(/Desired retention/), { target: { value: '0.8' } });
    await screen.findByRole('img', { name: /About 8 minutes/ });
    expect(simulations().at(-1)).toEqual({ days: 90, desk_id: 7, desired_retention: 0.8 });
  });

  test('Help me decide shows the suggested retention and its curve, and uses it', async () => {
    backend();
    renderWithProviders(<WorkloadPlanDialog deckId={7} open onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Help me decide' }));
    expect(screen.getByText(/Suggested: 86%/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Minutes a day by desired retention' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use 86%' }));
    await waitFor(() => expect(simulations().at(-1)?.desired_retention).toBe(0.86));
  });

  test('an exam date shows its daily cost before it is saved', async () => {
    backend();
    renderWithProviders(<WorkloadPlanDialog deckId={7} open onClose={() => {}} />);
    const date = await screen.findByLabelText('Exam date');
    fireEvent.change(date, { target: { value: '2025-03-01' } });
    expect(await screen.findByText('With this date: about 15 minutes a day.')).toBeTruthy();
    expect(server.hits('/be/api/space-repetition/desks/7/exam/')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save exam date' }));
    await waitFor(() =>
      expect(
        server.hits('/be/api/space-repetition/desks/7/exam/').map((r) => JSON.parse(r.body)),
      ).toEqual([{ date: '2025-03-01' }]),
    );
  });

  test('postpone moves the cards and Undo puts them back', async () => {
    backend();
    renderWithProviders(<WorkloadPlanDialog deckId={7} open onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Postpone' }));
    expect(await screen.findByText('4 cards postponed.')).toBeTruthy();
    expect(
      JSON.parse(server.hits('/be/api/space-repetition/reschedule/')[0]?.body ?? '{}'),
    ).toEqual({
      kind: 'postpone',
      days: 3,
      desk_id: 7,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('4 cards put back.')).toBeTruthy();
  });

  test('a failed simulation says so with Retry; an empty deck says there is nothing to plan', async () => {
    server.handle(() => ({
      status: 503,
      body: { detail: 'Service unavailable', code: 'unavailable' },
    }));
    const { unmount } = renderWithProviders(
      <WorkloadPlanDialog deckId={7} open onClose={() => {}} />,
    );
    expect(await screen.findByText('The workload could not be simulated.')).toBeTruthy();
    unmount();
    server.handle((request) => ({
      status: 200,
      body: workload(JSON.parse(request.body).days, {
        days: [{ date: '2025-01-15', reviews: 0, new_cards: 0, minutes: 0 }],
      }),
    }));
    renderWithProviders(<WorkloadPlanDialog deckId={8} open onClose={() => {}} />);
    expect(await screen.findByText(/Nothing to review in this period/)).toBeTruthy();
  });
});
