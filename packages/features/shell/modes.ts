/** The four modes of the app (§2) and the submodes the search offers. */
import type { Feature, Schemas } from '@memoria/api';
import type { CardAccent } from '@memoria/ui';
import type { ShellMessageId } from './messages.ts';

export type ModeId = 'duels' | 'spacedRepetition' | 'macroImages' | 'conversionTable';

export type Mode = {
  id: ModeId;
  href: string;
  /** The feature it needs; `space_repetition` is on every plan. */
  feature: Feature;
  /** Free users see a PREMIUM badge. */
  premium: boolean;
  accent: CardAccent;
  label: ShellMessageId;
  description: ShellMessageId;
};

/** Sidebar order (§2): Duels, Space Repetition, Macro Images, Conversion Table. */
export const MODES: readonly Mode[] = [
  {
    id: 'duels',
    href: '/multiple-duels',
    feature: 'duels',
    premium: true,
    accent: 'duels',
    label: 'shell.mode.duels',
    description: 'shell.mode.duels.description',
  },
  {
    id: 'spacedRepetition',
    href: '/space-repetition',
    feature: 'space_repetition',
    premium: false,
    accent: 'spacedRepetition',
    label: 'shell.mode.spacedRepetition',
    description: 'shell.mode.spacedRepetition.description',
  },
  {
    id: 'macroImages',
    href: '/macro-images',
    feature: 'macro_images',
    premium: true,
    accent: 'macroImages',
    label: 'shell.mode.macroImages',
    description: 'shell.mode.macroImages.description',
  },
  {
    id: 'conversionTable',
    href: '/conversion-table',
    feature: 'conversion_table',
    premium: true,
    accent: 'conversionTable',
    label: 'shell.mode.conversionTable',
    description: 'shell.mode.conversionTable.description',
  },
];

export type Submode = { id: string; href: string; label: ShellMessageId };

/**
 * What the search lists under "Modes": the modes, the duel kinds and the friends page (which every
 * duel needs, and which the right panel shows only from 1285 px).
 */
export const SUBMODES: readonly Submode[] = [
  ...MODES.map((mode) => ({ id: mode.id, href: mode.href, label: mode.label })),
  { id: 'multipleDuels', href: '/multiple-duels', label: 'shell.submode.multipleDuels' },
  { id: 'deskDuel', href: '/desk-duel', label: 'shell.submode.deskDuel' },
  { id: 'imagesDuel', href: '/images-duel', label: 'shell.submode.imagesDuel' },
  { id: 'numbersDuel', href: '/numbers-duel', label: 'shell.submode.numbersDuel' },
  { id: 'customDuel', href: '/custom-duel', label: 'shell.submode.customDuel' },
  { id: 'friends', href: '/friends', label: 'shell.nav.friends' },
];

type Activity = Schemas['Activity'];

/** Where a history entry leads: its deck, duel or chat. */
export function activityHref(activity: Activity): string {
  switch (activity.activity_type) {
    case 'space_repetition':
      return activity.deck_id === null
        ? '/space-repetition'
        : `/space-repetition/${activity.deck_id}`;
    case 'desk_duel':
    case 'custom_duel':
      return activity.duel_id === null ? '/multiple-duels' : `/duel/${activity.duel_id}`;
    case 'image_duel':
      return activity.duel_id === null ? '/multiple-duels' : `/image-duel/${activity.duel_id}`;
    case 'table_duel':
      return activity.duel_id === null ? '/multiple-duels' : `/table-duel/${activity.duel_id}`;
    case 'macro_images':
      return activity.chat_id === null ? '/macro-images' : `/macro-images/${activity.chat_id}`;
    case 'conversion_table':
      return '/conversion-table';
    default:
      return '/';
  }
}

/** The 3 latest activities by `updated_at` (§9), whatever order the server used. */
export function latestActivities(activities: readonly Activity[], count = 3): Activity[] {
  return [...activities]
    .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at))
    .slice(0, count);
}

/** True when `path` is `href` or below it (for aria-current). */
export function isCurrent(path: string | undefined, href: string): boolean {
  if (!path) return false;
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}
