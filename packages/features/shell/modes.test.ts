import type { Schemas } from '@memoria/api';
import { describe, expect, it } from 'vitest';
import { activityHref, latestActivities } from './modes.ts';

type Activity = Schemas['Activity'];

const none: Activity = {
  id: 1,
  activity_type: 'conversion_table',
  activity_type_display: 'Conversion Table',
  updated_at: '2026-01-05T10:00:00Z',
  deck_id: null,
  deck_name: null,
  duel_id: null,
  duel_type: null,
  opponent_username: null,
  result: null,
  my_score: null,
  opponent_score: null,
  chat_id: null,
  chat_title: null,
};

const duel = (activity_type: Activity['activity_type'], duel_id: number | null): Activity => ({
  ...none,
  activity_type,
  duel_id,
  opponent_username: 'bo',
  result: 'win',
  my_score: 3,
  opponent_score: 1,
});

describe('activityHref: where a History entry leads', () => {
  it.each<[string, Activity, string]>([
    ['a desk', { ...none, activity_type: 'space_repetition', deck_id: 7 }, '/space-repetition/7'],
    ['a desk duel', duel('desk_duel', 8), '/duel/8'],
    ['a custom duel', duel('custom_duel', 9), '/duel/9'],
    ['an image duel', duel('image_duel', 10), '/image-duel/10'],
    ['a table duel', duel('table_duel', 11), '/table-duel/11'],
    ['a chat', { ...none, activity_type: 'macro_images', chat_id: 12 }, '/macro-images/12'],
    ['the conversion table', none, '/conversion-table'],
  ])('opens %s', (_, activity, href) => {
    expect(activityHref(activity)).toBe(href);
  });

  it.each<[string, Activity, string]>([
    ['desk', { ...none, activity_type: 'space_repetition' }, '/space-repetition'],
    ['duel', duel('image_duel', null), '/multiple-duels'],
    ['chat', { ...none, activity_type: 'macro_images' }, '/macro-images'],
  ])('opens the list when the %s is gone (no id)', (_, activity, href) => {
    expect(activityHref(activity)).toBe(href);
  });
});

describe('latestActivities', () => {
  it('keeps the 3 latest by updated_at, whatever the order given', () => {
    const at = (id: number, updated_at: string) => ({ ...none, id, updated_at });
    const given = [
      at(1, '2026-01-01T10:00:00Z'),
      at(2, '2026-01-04T10:00:00Z'),
      at(3, '2026-01-02T10:00:00Z'),
      at(4, '2026-01-03T10:00:00Z'),
    ];
    expect(latestActivities(given).map((a) => a.id)).toEqual([2, 4, 3]);
    expect(given.map((a) => a.id)).toEqual([1, 2, 3, 4]);
  });
});
