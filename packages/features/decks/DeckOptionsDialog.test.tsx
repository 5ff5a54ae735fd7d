import type { Preset } from '@memoria/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { DeckOptionsDialog } from './DeckOptionsDialog.tsx';
import { presets } from './test/presets.ts';

const api = signedInApi();
const BASE = '/be/api/space-repetition/';

function serve(answers: Record<string, { status: number; body?: unknown }>) {
  api.server.handle((r) => {
    const answer = answers[`${r.method} ${r.path}`];
    if (answer) return answer;
    if (r.method === 'GET' && r.path === `${BASE}presets/`) return { status: 200, body: presets };
    if (r.method === 'GET' && r.path === `${BASE}desks/7/preset/`) {
      return { status: 200, body: presets[1] };
    }
    return { status: 500, body: { detail: 'unscripted', code: 'internal_error' } };
  });
}

const sent = (method: string, path: string) =>
  api.server.requests
    .filter((r) => r.method === method && r.path === `${BASE}${path}`)
    .map((r) => JSON.parse(r.body));

describe('DeckOptionsDialog', () => {
  test("shows the deck's preset, and saves its edited settings", async () => {
    const saved: Preset = { ...(presets[1] as Preset), new_cards_per_day: 0 };
    serve({ 'PUT /be/api/space-repetition/presets/2/': { status: 200, body: saved } });
    renderWithProviders(<DeckOptionsDialog deckId={7} open onClose={() => {}} />);
    const perDay = (await screen.findByRole('textbox', {
      name: 'New cards a day',
    })) as HTMLInputElement;
    expect(perDay.value).toBe('20');
    expect(
      (screen.getByRole('textbox', { name: 'Desired retention (%)' }) as HTMLInputElement).value,
    ).toBe('85');
    await userEvent.clear(perDay);
    await userEvent.type(perDay, '0');
    const steps = screen.getByRole('textbox', { name: 'Learning steps' });
    await userEvent.clear(steps);
    await userEvent.type(steps, '2m 15m');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Desired retention (%)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Leech action' }), [
      'tag_only',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Preset saved.')).toBeTruthy();
    expect(sent('PUT', 'presets/2/')).toEqual([
      {
        name: 'Languages',
        new_cards_per_day: 0,
        max_reviews_per_day: 9999,
        learning_steps: ['2m', '15m'],
        relearning_steps: ['10m'],
        desired_retention: null,
        review_order: 'retrievability_ascending',
        new_card_order: 'added',
        bury_siblings: false,
        leech_threshold: 8,
        leech_action: 'tag_only',
        easy_days: ['monday', 'sunday'],
      },
    ]);
  });

  test('a refused step shows under its field; the default preset is not deleted', async () => {
    serve({
      'PUT /be/api/space-repetition/presets/2/': {
        status: 400,
        body: {
          detail: 'Validation failed.',
          code: 'validation_error',
          fields: { learning_steps: ['Steps look like 1m, 10m or 1d.'] },
          field_codes: { learning_steps: ['invalid_format'] },
        },
      },
      'DELETE /be/api/space-repetition/presets/1/': {
        status: 409,
        body: { detail: 'The default preset cannot be deleted.', code: 'conflict' },
      },
      'PUT /be/api/space-repetition/desks/7/preset/': { status: 200, body: presets[0] },
    });
    renderWithProviders(<DeckOptionsDialog deckId={7} open onClose={() => {}} />);
    const steps = await screen.findByRole('textbox', { name: 'Learning steps' });
    await userEvent.clear(steps);
    await userEvent.type(steps, 'soon');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(steps.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This value has an invalid format.')).toBeTruthy();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Preset' }), ['1']);
    await userEvent.click(screen.getByRole('button', { name: 'Use for this deck' }));
    expect(await screen.findByText('This deck now follows the preset.')).toBeTruthy();
    expect(sent('PUT', 'desks/7/preset/')).toEqual([{ preset_id: 1 }]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete preset' }));
    expect(await screen.findByText('The default preset cannot be deleted.')).toBeTruthy();
  });
});
