import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { CustomStudyDialog } from './CustomStudyDialog.tsx';
import { customSession } from './test/customStudy.ts';

const api = signedInApi();
const PATH = '/be/api/space-repetition/custom-study/';

function serve(answer: { status: number; body?: unknown }) {
  api.server.handle((r) =>
    r.method === 'POST' && r.path === PATH
      ? answer
      : { status: 500, body: { detail: 'unscripted', code: 'internal_error' } },
  );
}
const sent = () =>
  api.server.requests.filter((r) => r.path === PATH).map((r) => JSON.parse(r.body));

function open() {
  const onStart = vi.fn();
  renderWithProviders(<CustomStudyDialog deckId={7} open onClose={() => {}} onStart={onStart} />);
  return onStart;
}
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const start = () => userEvent.click(screen.getByRole('button', { name: 'Start studying' }));

describe('CustomStudyDialog', () => {
  test('review ahead: sends days and limit, then opens the review playing the session', async () => {
    serve({ status: 200, body: customSession('ahead') });
    const onStart = open();
    expect(screen.getByRole('radio', { name: /Review ahead/ })).toHaveProperty('checked', true);
    await userEvent.clear(field('Days ahead'));
    await userEvent.type(field('Days ahead'), '3');
    await userEvent.clear(field('At most this many cards'));
    await userEvent.type(field('At most this many cards'), '20');
    await start();
    await waitFor(() => expect(onStart).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual([{ kind: 'ahead', desk_id: 7, days: 3, limit: 20 }]);
    expect(onStart).toHaveBeenCalledWith(
      '/space-repetition/7?study=1&custom=ahead&days=3&limit=20',
    );
  });

  test('cram by tag: the tag field replaces the days, and the address carries it', async () => {
    serve({ status: 200, body: customSession('cram') });
    const onStart = open();
    await userEvent.click(screen.getByRole('radio', { name: /Cram by tag/ }));
    expect(screen.queryByRole('textbox', { name: 'Days ahead' })).toBeNull();
    await userEvent.type(field('Tag (optional)'), 'verbs');
    await start();
    await waitFor(() => expect(onStart).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual([{ kind: 'cram', desk_id: 7, tag: 'verbs', limit: 50 }]);
    expect(onStart).toHaveBeenCalledWith(
      '/space-repetition/7?study=1&custom=cram&tag=verbs&limit=50',
    );
  });

  test('wrong values are said under their fields and nothing is sent', async () => {
    serve({ status: 200, body: customSession('ahead', { empty: true }) });
    const onStart = open();
    await userEvent.clear(field('Days ahead'));
    await userEvent.type(field('Days ahead'), '400');
    await userEvent.clear(field('At most this many cards'));
    await userEvent.type(field('At most this many cards'), '2.5');
    await start();
    expect(await screen.findByText('Enter a whole number of days from 1 to 365.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number of cards from 1 to 500.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /Cram by tag/ }));
    await userEvent.clear(field('At most this many cards'));
    await userEvent.type(field('At most this many cards'), '10');
    await userEvent.type(field('Tag (optional)'), 'two words');
    await start();
    expect(await screen.findByText('A tag has no spaces and at most 200 characters.')).toBeTruthy();
    expect(sent()).toEqual([]);
    expect(onStart).not.toHaveBeenCalled();
  });

  test("the server's refusal shows under its field", async () => {
    serve({
      status: 400,
      body: {
        detail: 'Validation failed.',
        code: 'validation_error',
        fields: { limit: ['Must be at most 500.'] },
        field_codes: { limit: ['too_large'] },
      },
    });
    const onStart = open();
    await start();
    const limit = field('At most this many cards');
    await waitFor(() => expect(limit.getAttribute('aria-invalid')).toBe('true'));
    expect(onStart).not.toHaveBeenCalled();
  });

  test('a session without cards says so and stays open', async () => {
    serve({ status: 200, body: customSession('forgotten', { empty: true }) });
    const onStart = open();
    await userEvent.click(screen.getByRole('radio', { name: /Review forgotten/ }));
    await start();
    expect(
      await screen.findByText('You have not forgotten any card of this deck today.'),
    ).toBeTruthy();
    expect(onStart).not.toHaveBeenCalled();
  });
});
