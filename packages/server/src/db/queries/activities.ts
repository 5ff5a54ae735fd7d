/**
 * The activity log that streaks and the history list read: one row per learner, day (their own,
 * in their time zone) and kind, with a count. Spaced repetition keeps one row per desk and day.
 */
import { iso, type Query } from './pg.ts';

export const ACTIVITY_LABELS = {
  space_repetition: 'Space Repetition',
  desk_duel: 'Desk Duel',
  custom_duel: 'Custom Duel',
  table_duel: 'Table Duel',
  image_duel: 'Image Duel',
  conversion_table: 'Conversion Table',
  macro_images: 'Macro Images',
} as const;

export interface DeskActivity {
  userId: number;
  /** `YYYY-MM-DD`, the learner's day of the review. */
  day: string;
  deskId: number;
  deskName: string;
  at: Date;
}

/**
 * The statement that counts one review of a desk on the learner's day (creating the day's row on
 * the first). `from` gates it on another part of a larger statement (`from changed`: only when
 * that CTE wrote a row).
 */
export function countDeskReview(q: Query, a: DeskActivity, from = q``) {
  const at = iso(a.at);
  return q`
    insert into activities (user_id, activity_type, day, count, deck_id, deck_name, created_at, updated_at)
    select ${a.userId}::int, 'space_repetition', ${a.day}::date, 1, ${a.deskId}::int,
           ${a.deskName}::text, ${at}::timestamptz, ${at}::timestamptz ${from}
    on conflict (user_id, activity_type, day, deck_id) where deck_id is not null
    do update set count = activities.count + 1,
                  deck_name = excluded.deck_name,
                  updated_at = greatest(activities.updated_at, excluded.updated_at)`;
}

/** Takes one review off a desk's day (an undone rating); the row goes when nothing is left. */
export async function retractDeskReview(
  q: Query,
  a: Pick<DeskActivity, 'userId' | 'day' | 'deskId'>,
): Promise<void> {
  await q`
    update activities set count = count - 1
    where user_id = ${a.userId} and activity_type = 'space_repetition'
      and day = ${a.day} and deck_id = ${a.deskId}`;
  await q`
    delete from activities
    where user_id = ${a.userId} and activity_type = 'space_repetition'
      and day = ${a.day} and deck_id = ${a.deskId} and count <= 0`;
}

/** Counts one macro-image story turn of a chat on the learner's day (one row per chat and day). */
export async function recordChatTurn(
  q: Query,
  a: { userId: number; day: string; chatId: number; chatTitle: string; at: Date },
): Promise<void> {
  const at = iso(a.at);
  await q`
    insert into activities (user_id, activity_type, day, count, chat_id, chat_title, created_at, updated_at)
    values (${a.userId}, 'macro_images', ${a.day}, 1, ${a.chatId}, ${a.chatTitle}, ${at}, ${at})
    on conflict (user_id, activity_type, day, chat_id) where chat_id is not null
    do update set count = activities.count + 1,
                  chat_title = excluded.chat_title,
                  updated_at = greatest(activities.updated_at, excluded.updated_at)`;
}

/** Counts one conversion (numbers or a phrase) on the learner's day (one row per day). */
export async function recordConversion(
  q: Query,
  a: { userId: number; day: string; at: Date },
): Promise<void> {
  const at = iso(a.at);
  await q`
    insert into activities (user_id, activity_type, day, count, created_at, updated_at)
    values (${a.userId}, 'conversion_table', ${a.day}, 1, ${at}, ${at})
    on conflict (user_id, day) where activity_type = 'conversion_table'
    do update set count = activities.count + 1,
                  updated_at = greatest(activities.updated_at, excluded.updated_at)`;
}
