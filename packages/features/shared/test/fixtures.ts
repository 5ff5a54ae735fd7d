/** Contract-typed answers for the stories and tests of the islands. */
import type { Deck, Schemas } from '@memoria/api';

const DAY = 86_400;
const NOW = Date.parse('2025-01-15T10:30:00.000Z');

const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

export function deck(overrides: Partial<Deck> = {}): Deck {
  return {
    id: 7,
    name: 'Capitals of Europe',
    cards_count: 12,
    new_cards_per_day: 10,
    new_cards_today: 2,
    remaining_today: 3,
    due_count: 2,
    new_count: 1,
    is_owner: true,
    can_edit: true,
    owner_username: 'ana',
    shared_with: [],
    allow_editing: false,
    assignments: [],
    created_at: at(-30 * DAY),
    updated_at: at(-DAY),
    ...overrides,
  };
}

/**
 * `auth/users/account_info/` for an account on `plan`, with the features it may use (none by
 * default). Typed by the contract: a test server that answered this call with a list made the
 * search box throw on the missing `features` (TopBar's test, 2026-11-30).
 */
export function accountInfoBody(
  plan: Schemas['AccountType'],
  features: Schemas['Feature'][] = [],
): Schemas['AccountInfo'] {
  return { account_type: plan, role: null, is_paid: plan !== 'free', features };
}
