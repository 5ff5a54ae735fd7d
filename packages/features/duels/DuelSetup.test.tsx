import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { deck } from '../shared/test/fixtures.ts';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { DuelSetup } from './DuelSetup.tsx';

const api = signedInApi();
const CREATE = '/be/api/duels/create/';

const bo = {
  id: 2,
  email: 'bo@example.com',
  username: 'bo',
  first_name: '',
  last_name: '',
  friendship_id: 10,
  friends_since: '2024-12-01T10:00:00Z',
};

/** What `POST duels/create/` answers in the current test. */
let created: { status: number; body: unknown };

beforeEach(() => {
  // The form reads only the new duel's id (for the arena's path).
  created = { status: 201, body: { id: 41, status: 'waiting' } };
  api.server.handle((req) => {
    if (req.path.startsWith('/be/api/friends/friendships/friend_list/')) {
      return { status: 200, body: { count: 1, next: null, previous: null, results: [bo] } };
    }
    if (req.path.startsWith('/be/api/space-repetition/desks/')) {
      return { status: 200, body: [deck({ id: 5, name: 'Capitals', cards_count: 12 })] };
    }
    if (req.path === CREATE) return created;
    return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
  });
});

const sent = () => api.server.hits(CREATE).map((hit) => JSON.parse(hit.body));

async function deckForm(locale: 'en' | 'es' = 'en') {
  renderWithProviders(<DuelSetup kind="desk" opponent="bo" />, { locale });
  const deckField = await screen.findByLabelText(locale === 'en' ? 'Desk' : 'Mazo');
  fireEvent.change(deckField, { target: { value: '5' } });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('DuelSetup: the view time of question duels', () => {
  test('a deck duel is sent without a view time when the field is left empty', async () => {
    await deckForm();
    expect((screen.getByLabelText('View time (seconds)') as HTMLInputElement).value).toBe('');
    expect(
      screen.getByText('Optional: each question shows alone this long before it can be answered.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send duel' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({
      opponent_id: 2,
      mode: 'normal',
      answer_time: 60,
      duel_type: 'desk',
      desk_id: 5,
      question_count: 5,
    });
  });

  test('a deck duel sends the view time given', async () => {
    await deckForm();
    type('View time (seconds)', '8');
    fireEvent.click(screen.getByRole('button', { name: 'Send duel' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ duel_type: 'desk', view_time: 8, answer_time: 60 });
  });

  test.each(['0', '61', '2.5', 'ten'])(
    "refuses a view time of %s with the spec's message, and sends nothing",
    async (value) => {
      await deckForm();
      type('View time (seconds)', value);
      fireEvent.click(screen.getByRole('button', { name: 'Send duel' }));
      expect(await screen.findByText('Value must be between 1 and 60 seconds')).toBeTruthy();
      expect(screen.getByLabelText('View time (seconds)').getAttribute('aria-invalid')).toBe(
        'true',
      );
      expect(sent()).toHaveLength(0);
    },
  );

  test('in Spanish', async () => {
    await deckForm('es');
    type('Tiempo de visualización (segundos)', '61');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar duelo' }));
    expect(await screen.findByText('El valor debe estar entre 1 y 60 segundos')).toBeTruthy();
    expect(
      screen.getByText(
        'Opcional: cada pregunta se muestra sola este tiempo antes de poder responderla.',
      ),
    ).toBeTruthy();
    expect(sent()).toHaveLength(0);
  });

  test('a custom duel sends the view time with its questions', async () => {
    renderWithProviders(<DuelSetup kind="custom" opponent="bo" />);
    await screen.findByLabelText('Question 1');
    type('Question 1', 'Capital of Peru?');
    type('Answer 1', 'Lima');
    type('View time (seconds)', '60');
    type('Answer time (seconds)', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Send duel' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({
      opponent_id: 2,
      mode: 'normal',
      answer_time: 5,
      view_time: 60,
      duel_type: 'custom',
      questions: [{ question: 'Capital of Peru?', answer: 'Lima' }],
    });
  });

  test("shows the server's view-time refusal under the field", async () => {
    created = {
      status: 400,
      body: {
        detail: 'Value must be between 1 and 60 seconds',
        code: 'validation_error',
        fields: { view_time: ['Value must be between 1 and 60 seconds'] },
        field_codes: { view_time: ['view_time_out_of_range'] },
      },
    };
    renderWithProviders(<DuelSetup kind="custom" opponent="bo" />);
    await screen.findByLabelText('Question 1');
    type('Question 1', 'Capital of Peru?');
    type('Answer 1', 'Lima');
    type('View time (seconds)', '30');
    fireEvent.click(screen.getByRole('button', { name: 'Send duel' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(await screen.findByText('Value must be between 1 and 60 seconds')).toBeTruthy();
  });
});

describe('DuelSetup: friends and decks first', () => {
  test('with no friends, the hint links to the friends page', async () => {
    api.server.handle((req) =>
      req.path.startsWith('/be/api/friends/friendships/friend_list/')
        ? { status: 200, body: { count: 0, next: null, previous: null, results: [] } }
        : { status: 200, body: [] },
    );
    renderWithProviders(<DuelSetup kind="images" />);
    const link = await screen.findByRole('link', { name: /Add a friend first/ });
    expect(link.getAttribute('href')).toBe('/friends');
  });

  // Issue 40 item 11: it said "Enter a number from 1 to 0." before a deck was chosen.
  test.each(['en', 'es'] as const)(
    'with no deck chosen (%s), it asks for the deck and gives no range of questions',
    async (locale) => {
      renderWithProviders(<DuelSetup kind="desk" opponent="bo" />, { locale });
      await screen.findByLabelText(locale === 'en' ? 'Desk' : 'Mazo');
      fireEvent.click(
        screen.getByRole('button', { name: locale === 'en' ? 'Send duel' : 'Enviar duelo' }),
      );
      const deckField = screen.getByLabelText(locale === 'en' ? 'Desk' : 'Mazo');
      await waitFor(() => expect(deckField.getAttribute('aria-invalid')).toBe('true'));
      expect(screen.queryByText(/1 to 0|1 a 0/)).toBeNull();
      const count = screen.getByLabelText(
        locale === 'en' ? 'Number of questions' : 'Número de preguntas',
      );
      expect(count.getAttribute('aria-invalid')).not.toBe('true');
      expect(sent()).toHaveLength(0);
    },
  );
});

describe('DuelSetup: counting a deck duel as study', () => {
  test('sends count_as_reviews only when the learner ticks it', async () => {
    await deckForm();
    const box = screen.getByRole('checkbox', { name: 'Count my answers as reviews' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(
      screen.getByText(
        'Each answer is logged as a review of its card in your schedule: right is Good, wrong is Again.',
      ),
    ).toBeTruthy();
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Send duel' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ duel_type: 'desk', desk_id: 5, count_as_reviews: true });
  });

  test('in Spanish', async () => {
    await deckForm('es');
    expect(
      screen.getByRole('checkbox', { name: 'Contar mis respuestas como repasos' }),
    ).toBeTruthy();
  });

  test('is not offered in a custom duel', async () => {
    renderWithProviders(<DuelSetup kind="custom" opponent="bo" />);
    await screen.findByLabelText('Question 1');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
