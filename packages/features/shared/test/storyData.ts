/**
 * Contract-typed API answers for the feature stories (MSW, see .storybook/msw.ts). Dates are
 * relative to FIXED_NOW, "now" in every story.
 */
import type { Schemas } from '@memoria/api';
import type { HttpHandler } from 'msw';
import { ago, FIXED_NOW } from '../../../../.storybook/fixtures.ts';
import { api, fail, HttpResponse, ok } from '../../../../.storybook/msw.ts';

const FREE_FEATURES: Schemas['Feature'][] = ['space_repetition', 'create_decks', 'create_cards'];
const ALL_FEATURES: Schemas['Feature'][] = [
  ...FREE_FEATURES,
  'macro_images',
  'conversion_table',
  'duels',
  'advanced_duels',
  'desk_duels',
  'image_duels',
  'table_duels',
  'custom_duels',
  'progress_tracking',
];

export const user: Schemas['User'] = {
  id: 1,
  email: 'ana@example.com',
  username: 'ana',
  first_name: 'Ana',
  last_name: 'García',
  account_type: 'free',
  role: 'student',
  timezone: 'America/Argentina/Buenos_Aires',
  date_joined: ago({ days: 40 }),
};

/** Every plan an account can be on. */
export type StoryPlan = 'free' | 'standard' | 'enterprise' | 'enterprise_plus';

export function accountInfo(plan: StoryPlan): HttpHandler {
  return ok('/auth/users/account_info/', {
    account_type: plan,
    role: plan === 'enterprise' || plan === 'enterprise_plus' ? 'teacher' : 'student',
    is_paid: plan !== 'free',
    features: plan === 'free' ? FREE_FEATURES : ALL_FEATURES,
    subscription_end_date: null,
  });
}

const person = (id: number, username: string, first_name: string): Schemas['UserSummary'] => ({
  id,
  email: `${username}@example.com`,
  username,
  first_name,
  last_name: '',
});

const activity = (
  id: number,
  fields: Partial<Schemas['Activity']> & Pick<Schemas['Activity'], 'activity_type'>,
): Schemas['Activity'] => ({
  id,
  activity_type_display: '',
  updated_at: ago({ hours: id }),
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
  ...fields,
});

function day(offset: number): string {
  const d = new Date(FIXED_NOW);
  d.setUTCDate(d.getUTCDate() - offset);
  return d.toISOString().slice(0, 10);
}

const monthly: Record<string, number> = {};
for (let i = 30; i >= 0; i -= 1) monthly[day(i)] = i < 6 ? (i * 3) % 7 : i % 4 === 0 ? 2 : 0;

const weekdays: Schemas['Weekday'][] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];

/** The bell's list: deck shares (unseen, hours, seen days ago) and a kind this client lacks. */
export function notificationPage(): Schemas['NotificationPage'] {
  const share = (id: number, from: string, deck: string, at: string, seen: boolean) => ({
    id,
    kind: 'desk_shared' as const,
    payload: { desk_id: id, desk_name: deck, from_username: from, allow_editing: false },
    actor_username: from,
    created_at: at,
    seen_at: seen ? at : null,
  });
  return {
    count: 4,
    next: null,
    previous: null,
    unseen_count: 2,
    results: [
      share(44, 'bo', 'Spanish verbs', ago({ minutes: 20 }), false),
      // A kind a newer server sends: shown with the generic text.
      {
        ...share(43, 'carla', '', ago({ hours: 3 }), false),
        kind: 'school_report' as Schemas['NotificationKind'],
        payload: {},
      },
      share(42, 'carla', 'Capitals of Europe', ago({ hours: 5 }), true),
      share(41, 'dani', 'Anatomy', ago({ days: 2 }), true),
    ],
  };
}

/** The bell with duel kinds: a request for a deck duel, an accepted numbers duel, a rejection. */
export function duelNotificationPage(): Schemas['NotificationPage'] {
  const duel = (
    id: number,
    kind: Schemas['NotificationKind'],
    from: string,
    duelType: Schemas['DuelType'],
    at: string,
  ) => ({
    id,
    kind,
    payload: { duel_request_id: id, duel_id: id + 100, duel_type: duelType, from_username: from },
    actor_username: from,
    created_at: at,
    seen_at: null,
  });
  return {
    count: 3,
    next: null,
    previous: null,
    unseen_count: 3,
    results: [
      duel(63, 'duel_request', 'fede', 'desk', ago({ minutes: 5 })),
      duel(62, 'duel_accepted', 'bo', 'table', ago({ hours: 2 })),
      duel(61, 'duel_rejected', 'carla', 'images', ago({ days: 1 })),
    ],
  };
}

/** The bell with friend kinds: fede's request (still pending), bo's answer, carla's removal. */
export function friendNotificationPage(): Schemas['NotificationPage'] {
  const friend = (
    id: number,
    kind: Schemas['NotificationKind'],
    from: string,
    friendshipId: number,
    at: string,
  ) => ({
    id,
    kind,
    payload: { friendship_id: friendshipId, from_username: from },
    actor_username: from,
    created_at: at,
    seen_at: null,
  });
  return {
    count: 3,
    next: null,
    previous: null,
    unseen_count: 3,
    results: [
      friend(53, 'friend_request', 'fede', 11, ago({ minutes: 20 })),
      friend(52, 'friend_accepted', 'bo', 2, ago({ hours: 2 })),
      friend(51, 'friend_removed', 'carla', 3, ago({ days: 1 })),
    ],
  };
}

const emptyNotifications: Schemas['NotificationPage'] = {
  count: 0,
  next: null,
  previous: null,
  unseen_count: 0,
  results: [],
};

/** A whole list as one page (`PageMeta` plus `results`). */
export function page<T>(results: T[]) {
  return { count: results.length, next: null, previous: null, results };
}

/** Two friend requests the signed-in user (ana) received: fede's today, gus's two days ago. */
export function pendingReceived(): Schemas['Friendship'][] {
  const ana = { ...person(1, 'ana', 'Ana') };
  const request = (id: number, from: ReturnType<typeof person>, at: string) => ({
    id,
    status: 'pending' as const,
    sender: { ...from, email: null },
    receiver: ana,
    friend: { ...from, email: null },
    direction: 'received' as const,
    created_at: at,
    updated_at: at,
  });
  return [
    request(11, person(6, 'fede', 'Fede'), ago({ minutes: 20 })),
    request(12, person(7, 'gus', 'Gus'), ago({ days: 2 })),
  ];
}

/** One place of the friends ranking (`GET auth/progress/ranking/`). */
const ranked = (
  rank: number,
  who: Schemas['UserSummary'],
  activities: number,
): Schemas['RankingEntry'] => ({ rank, user: who, is_me: who.id === user.id, activities });

const me: Schemas['UserSummary'] = person(1, 'ana', 'Ana');

/** Ana second of five friends over the last 7 days. */
export const rankingWithFriends: Schemas['ProgressRanking'] = {
  entries: [
    ranked(1, person(2, 'bo', 'Bo'), 58),
    ranked(2, me, 50),
    ranked(3, person(3, 'carla', 'Carla'), 31),
    ranked(4, person(4, 'dani', 'Dani'), 12),
    ranked(5, person(5, 'eva', 'Eva'), 0),
  ],
  my_rank: 2,
  total: 5,
};

/** A learner without friends: first of one. */
export const rankingAlone: Schemas['ProgressRanking'] = {
  entries: [ranked(1, me, 0)],
  my_rank: 1,
  total: 1,
};

/** Everything the shell reads, with data. */
export function shellData(
  plan: StoryPlan = 'free',
  { chatTitle = '' }: { chatTitle?: string } = {},
): HttpHandler[] {
  const bo = person(2, 'bo', 'Bo');
  return [
    accountInfo(plan),
    ok('/auth/users/me/', { ...user, account_type: plan }),
    ok('/auth/activity-history/', {
      count: 5,
      next: null,
      previous: null,
      results: [
        activity(1, { activity_type: 'space_repetition', deck_id: 7, deck_name: 'Capitals' }),
        activity(2, { activity_type: 'image_duel', duel_id: 3, opponent_username: 'bo' }),
        activity(3, { activity_type: 'macro_images', chat_id: 9, chat_title: chatTitle }),
        activity(4, { activity_type: 'space_repetition', deck_id: 8, deck_name: '' }),
      ],
    }),
    ok('/auth/streaks/my_streak/', {
      current_streak: 5,
      longest_streak: 12,
      days_active: 40,
      today_active: true,
      last_activity_date: day(0),
      monthly_activity: monthly,
      monthly_kinds: Object.fromEntries(
        Object.entries(monthly).map(([d, n]) => [d, n > 0 ? ['space_repetition' as const] : []]),
      ),
    }),
    ok('/space-repetition/card-stats/', {
      week_start: day(2),
      week_daily_breakdown: weekdays.map((d, i) => ({
        day: d,
        date: day(2 - i),
        count: [12, 30, 8, 0, 0, 0, 0][i] ?? 0,
      })),
      total_this_week: 50,
      reviews_today: 8,
      total_reviews: 900,
    }),
    // Pages as the server does: the right panel asks for 3 of the 4 friends.
    api.get('/friends/friendships/friend_list/', ({ request }) => {
      const size = Number(new URL(request.url).searchParams.get('page_size') ?? 20);
      const friends = [
        bo,
        person(3, 'carla', 'Carla'),
        person(4, 'dani', 'Dani'),
        person(5, 'eva', 'Eva'),
      ];
      const rows = friends.map((p) => ({
        ...p,
        friendship_id: p.id,
        friends_since: ago({ days: 10 }),
      }));
      return HttpResponse.json({ ...page(rows), results: rows.slice(0, size) });
    }),
    ok('/auth/progress/ranking/', rankingWithFriends),
    ok('/friends/friendships/pending/', page(pendingReceived())),
    ok('/duels/requests/pending/', [
      {
        id: 21,
        sender_id: 2,
        receiver_id: 1,
        sender_email: 'bo@example.com',
        receiver_email: 'ana@example.com',
        sender_username: 'bo',
        receiver_username: 'ana',
        status: 'pending',
        duel_type: 'table',
        duel_id: 31,
        direction: 'received',
        created_at: ago({ hours: 3 }),
        responded_at: null,
        is_deleted: false,
        duel_status: 'waiting',
      },
    ]),
    ok('/duels/duel-requests/', []),
    ok('/notifications/', notificationPage()),
    api.post('/notifications/mark_seen/', () => HttpResponse.json({ marked: 2, unseen_count: 0 })),
    ok('/space-repetition/desks/', [
      {
        id: 7,
        name: 'Capitals',
        cards_count: 24,
        new_cards_per_day: 10,
        new_cards_today: 2,
        remaining_today: 5,
        due_count: 3,
        new_count: 2,
        is_owner: true,
        can_edit: true,
        owner_username: 'ana',
        shared_with: [],
        allow_editing: false,
        assignments: [],
        created_at: ago({ days: 9 }),
        updated_at: ago({ days: 1 }),
      } as Schemas['Desk'],
      {
        id: 8,
        name: '',
        cards_count: 3,
        new_cards_per_day: 10,
        new_cards_today: 0,
        remaining_today: 3,
        due_count: 0,
        new_count: 3,
        is_owner: true,
        can_edit: true,
        owner_username: 'ana',
        shared_with: [],
        allow_editing: false,
        assignments: [],
        created_at: ago({ days: 3 }),
        updated_at: ago({ days: 3 }),
      } as Schemas['Desk'],
    ]),
    ok('/macroimages/chats/', [
      {
        id: 9,
        title: '',
        language: 'en',
        messages_count: 4,
        last_message_at: ago({ hours: 5 }),
        created_at: ago({ days: 2 }),
        updated_at: ago({ hours: 5 }),
      },
    ]),
  ];
}

const notImplemented = (operation: string) => ({
  detail: `${operation} is not implemented yet`,
  code: 'not_implemented' as const,
  operation,
});

/** The shell's reads as the server answers them before they are built: 501 everywhere. */
export function shellNotImplemented(plan: 'free' | 'standard' = 'free'): HttpHandler[] {
  return [
    accountInfo(plan),
    ok('/auth/users/me/', { ...user, account_type: plan }),
    fail('get', '/auth/activity-history/', 501, notImplemented('listActivityHistory')),
    fail('get', '/auth/streaks/my_streak/', 501, notImplemented('getMyStreak')),
    fail('get', '/space-repetition/card-stats/', 501, notImplemented('getCardStats')),
    fail('get', '/friends/friendships/friend_list/', 501, notImplemented('listFriends')),
    fail('get', '/friends/friendships/pending/', 501, notImplemented('listPendingFriendRequests')),
    fail('get', '/duels/requests/pending/', 501, notImplemented('listPendingDuelRequests')),
    fail('get', '/duels/duel-requests/', 501, notImplemented('listDuelRequests')),
    ok('/notifications/', emptyNotifications),
    fail('get', '/space-repetition/desks/', 501, notImplemented('listDesks')),
    fail('get', '/macroimages/chats/', 501, notImplemented('listMacroChats')),
  ];
}

/**
 * The panels' reads failing: the streak, weekly chart and history with a 500 (could not load,
 * Retry), friends with a 501 of an unbuilt operation (coming soon).
 */
export function shellFailing(plan: 'free' | 'standard' = 'free'): HttpHandler[] {
  const broken = { detail: 'Something went wrong on our side.', code: 'internal_error' as const };
  return [
    accountInfo(plan),
    ok('/auth/users/me/', { ...user, account_type: plan }),
    fail('get', '/auth/activity-history/', 500, broken),
    fail('get', '/auth/streaks/my_streak/', 500, broken),
    fail('get', '/space-repetition/card-stats/', 500, broken),
    fail('get', '/friends/friendships/friend_list/', 501, notImplemented('listFriends')),
    fail('get', '/auth/progress/ranking/', 500, broken),
    ...shellEmpty(plan),
  ];
}

/** Every shell read answering with no data yet: the quiet empty states. */
export function shellEmpty(plan: 'free' | 'standard' = 'free'): HttpHandler[] {
  return [
    accountInfo(plan),
    ok('/auth/users/me/', { ...user, account_type: plan }),
    ok('/auth/activity-history/', { count: 0, next: null, previous: null, results: [] }),
    ok('/auth/streaks/my_streak/', {
      current_streak: 0,
      longest_streak: 0,
      days_active: 0,
      today_active: false,
      last_activity_date: null,
      monthly_activity: {},
      monthly_kinds: {},
    }),
    ok('/space-repetition/card-stats/', {
      week_start: day(2),
      week_daily_breakdown: weekdays.map((d, i) => ({ day: d, date: day(2 - i), count: 0 })),
      total_this_week: 0,
      reviews_today: 0,
      total_reviews: 0,
    }),
    ok('/friends/friendships/friend_list/', page([])),
    ok('/auth/progress/ranking/', rankingAlone),
    ok('/friends/friendships/pending/', page([])),
    ok('/duels/requests/pending/', []),
    ok('/duels/duel-requests/', []),
    ok('/notifications/', emptyNotifications),
    ok('/space-repetition/desks/', []),
    ok('/macroimages/chats/', []),
  ];
}

export { api, fail, HttpResponse, ok };

const SUBSCRIPTION_ID = 7;
/** The earlier subscription's id (`earlier` below). */
const EARLIER_ID = 4;
const renewal = ago({ days: -30 });

type ProfileState =
  | 'standard'
  | 'free'
  | 'cancelled'
  | 'declined'
  | 'pending'
  | 'expired'
  | 'invited';

const subscriptionStatus: Record<ProfileState, Schemas['SubscriptionStatus']> = {
  standard: {
    has_active_subscription: true,
    account_type: 'standard',
    subscription_id: SUBSCRIPTION_ID,
    plan_name: 'standard',
    status: 'active',
    end_date: renewal,
    next_billing_date: renewal,
    access_until: renewal,
    can_cancel: true,
    can_renew: false,
    failure_reason: null,
    checkout_url: null,
    plan_source: 'subscription',
    plan_invited_by: null,
  },
  free: {
    has_active_subscription: false,
    account_type: 'free',
    subscription_id: null,
    plan_name: null,
    status: null,
    end_date: null,
    next_billing_date: null,
    access_until: null,
    can_cancel: false,
    can_renew: false,
    failure_reason: null,
    checkout_url: null,
    plan_source: 'free',
    plan_invited_by: null,
  },
  // Cancelled before its end date: paid access lasts until then, Renew is offered.
  cancelled: {
    has_active_subscription: true,
    account_type: 'standard',
    subscription_id: SUBSCRIPTION_ID,
    plan_name: 'standard',
    status: 'cancelled',
    end_date: renewal,
    next_billing_date: null,
    access_until: renewal,
    can_cancel: false,
    can_renew: true,
    failure_reason: null,
    checkout_url: null,
    plan_source: 'subscription',
    plan_invited_by: null,
  },
  // Bought, but the checkout was left before paying: the profile offers to continue it.
  pending: {
    has_active_subscription: false,
    account_type: 'free',
    subscription_id: SUBSCRIPTION_ID,
    plan_name: 'standard',
    status: 'pending',
    end_date: null,
    next_billing_date: null,
    access_until: null,
    can_cancel: false,
    can_renew: false,
    failure_reason: null,
    checkout_url: 'https://sandbox.example/be/api/auth/sandbox-checkout/sbx_7/',
    plan_source: 'free',
    plan_invited_by: null,
  },
  // Cancelled, and its paid month is over: free again, Renew is offered.
  expired: {
    has_active_subscription: false,
    account_type: 'free',
    subscription_id: EARLIER_ID,
    plan_name: 'standard',
    status: 'expired',
    end_date: ago({ days: 90 }),
    next_billing_date: null,
    access_until: null,
    can_cancel: false,
    can_renew: true,
    failure_reason: null,
    checkout_url: null,
    plan_source: 'free',
    plan_invited_by: null,
  },
  // Enterprise from an invitation (no subscription of its own): the profile says so (issue 40).
  invited: {
    has_active_subscription: false,
    account_type: 'enterprise',
    subscription_id: null,
    plan_name: null,
    status: null,
    end_date: null,
    next_billing_date: null,
    access_until: null,
    can_cancel: false,
    can_renew: false,
    failure_reason: null,
    checkout_url: null,
    plan_source: 'invitation',
    plan_invited_by: 'owner',
  },
  // The sandbox (or Mercado Pago) declined the payment: still free, the profile says why.
  declined: {
    has_active_subscription: false,
    account_type: 'free',
    subscription_id: SUBSCRIPTION_ID,
    plan_name: 'standard',
    status: 'failed',
    end_date: null,
    next_billing_date: null,
    access_until: null,
    can_cancel: false,
    can_renew: true,
    failure_reason: 'payment_rejected',
    checkout_url: null,
    plan_source: 'free',
    plan_invited_by: null,
  },
};

/** Two monthly Standard payments, newest first: today's and last month's, both approved. */
const payments: Schemas['Payment'][] = [0, 30].map((daysAgo, i) => ({
  id: 2 - i,
  subscription_id: SUBSCRIPTION_ID,
  amount: 6999,
  currency: 'ARS',
  status: 'approved',
  provider: 'sandbox',
  provider_payment_id: `sbx_pay_${2 - i}`,
  paid_at: ago({ days: daysAgo }),
  created_at: ago({ days: daysAgo }),
}));

/** One subscription as `GET auth/subscriptions/` lists it: Standard, paid through the sandbox. */
const subscription = (
  id: number,
  status: Schemas['SubscriptionStatusValue'],
  fields: Partial<Schemas['Subscription']>,
): Schemas['Subscription'] => ({
  id,
  plan_name: 'standard',
  status,
  failure_reason: null,
  checkout_url: null,
  start_date: null,
  end_date: null,
  next_billing_date: null,
  cancelled_at: null,
  amount: 6999,
  currency: 'ARS',
  provider: 'sandbox',
  created_at: ago({ days: 30 }),
  updated_at: ago({ days: 30 }),
  ...fields,
});

/** An earlier Standard subscription, cancelled and expired three months ago (one payment). */
const earlier = subscription(EARLIER_ID, 'expired', {
  created_at: ago({ days: 120 }),
  start_date: ago({ days: 120 }),
  cancelled_at: ago({ days: 100 }),
  end_date: ago({ days: 90 }),
  updated_at: ago({ days: 100 }),
});
const earlierPayment: Schemas['Payment'] = {
  ...(payments[1] as Schemas['Payment']),
  id: 1,
  subscription_id: EARLIER_ID,
  provider_payment_id: 'sbx_pay_0',
  paid_at: ago({ days: 120 }),
  created_at: ago({ days: 120 }),
};

/** `GET auth/subscriptions/` for each profile state, newest first. */
const subscriptionLists: Record<ProfileState, Schemas['Subscription'][]> = {
  standard: [
    subscription(SUBSCRIPTION_ID, 'active', {
      start_date: ago({ days: 30 }),
      end_date: renewal,
      next_billing_date: renewal,
    }),
    earlier,
  ],
  free: [],
  cancelled: [
    subscription(SUBSCRIPTION_ID, 'cancelled', {
      start_date: ago({ days: 30 }),
      end_date: renewal,
      cancelled_at: ago({ days: 2 }),
    }),
  ],
  declined: [subscription(SUBSCRIPTION_ID, 'failed', { failure_reason: 'payment_rejected' })],
  expired: [earlier],
  invited: [],
  pending: [
    subscription(SUBSCRIPTION_ID, 'pending', {
      checkout_url: 'https://sandbox.example/be/api/auth/sandbox-checkout/sbx_7/',
    }),
  ],
};

/**
 * What `/profile` reads: the account, the subscription status, the account's subscriptions and
 * each one's payment history. `standard` is active and renewed an earlier, expired one; `pending`
 * waits for its checkout; `cancelled` keeps access until the end date; `declined` is a purchase
 * whose one payment was declined; `expired` was cancelled and its paid month is over.
 */
export function profileData(plan: ProfileState): HttpHandler[] {
  const status = subscriptionStatus[plan];
  const history: Schemas['Payment'][] =
    plan === 'free' || plan === 'pending' || plan === 'expired' || plan === 'invited'
      ? []
      : plan === 'declined'
        ? [{ ...(payments[0] as Schemas['Payment']), status: 'rejected', paid_at: null }]
        : payments;
  return [
    ok('/auth/users/me/', { ...user, account_type: status.account_type }),
    ok('/auth/subscriptions/get_subscription_status/', status),
    ok('/auth/subscriptions/', subscriptionLists[plan]),
    api.get('/auth/subscriptions/{id}/payment_history/', ({ params }) =>
      HttpResponse.json(Number(params.id) === EARLIER_ID ? [earlierPayment] : history),
    ),
    ok('/space-repetition/memory-model/', memoryModels.fitted),
    // The courses and subjects assigned (school-wizard's section of the profile): none.
    ok('/auth/courses/', []),
    ok('/auth/subjects/', []),
    // An Enterprise account's sections: no invitations or students yet.
    ok('/auth/teacher-invitations/', []),
    ok('/auth/teacher-student-relationships/my_students/', []),
  ];
}

/**
 * `/profile` with an active subscription whose Cancel succeeds: from then on the server answers
 * the cancelled subscription, as it would (status and list read again after the cancel).
 */
export function profileCancelData(): HttpHandler[] {
  let cancelled = false;
  const state = (): ProfileState => (cancelled ? 'cancelled' : 'standard');
  return [
    api.post('/auth/subscriptions/{id}/cancel_subscription/', () => {
      cancelled = true;
      return HttpResponse.json(subscriptionLists.cancelled[0] as Schemas['Subscription']);
    }),
    api.get('/auth/subscriptions/get_subscription_status/', () =>
      HttpResponse.json(subscriptionStatus[state()]),
    ),
    api.get('/auth/subscriptions/', () => HttpResponse.json(subscriptionLists[state()])),
    ...profileData('standard'),
  ];
}

// ── Memory model (profile) ──────────────────────────────────────────────────────────────────

const defaultsModel: Schemas['MemoryModel'] = {
  desired_retention: 0.9,
  uses_fitted_parameters: false,
  fitting: false,
  reviews_count: 120,
  min_reviews: 400,
  new_reviews: 120,
  refit_after: 200,
  fit_outcome: null,
  fitted_at: null,
  fitted_reviews: null,
  evaluated_reviews: null,
  log_loss: null,
  default_log_loss: null,
};

/** The profile's memory model in each state the section shows. */
export const memoryModels = {
  /** Fewer reviews than a fit needs: the defaults schedule. */
  defaults: defaultsModel,
  /** Fitted from 2,430 reviews; better than the defaults on the latest 412. */
  fitted: {
    ...defaultsModel,
    desired_retention: 0.85,
    uses_fitted_parameters: true,
    reviews_count: 2510,
    new_reviews: 80,
    fit_outcome: 'fitted',
    fitted_at: ago({ days: 3 }),
    fitted_reviews: 2430,
    evaluated_reviews: 412,
    log_loss: 0.3124,
    default_log_loss: 0.3518,
  },
  /** A fit that predicted no better than the defaults, and a new fit running. */
  keptDefaults: {
    ...defaultsModel,
    reviews_count: 640,
    fit_outcome: 'kept_defaults',
    fitting: true,
    fitted_at: ago({ days: 1 }),
    fitted_reviews: 610,
    evaluated_reviews: 98,
    log_loss: 0.4012,
    default_log_loss: 0.3987,
  },
} satisfies Record<string, Schemas['MemoryModel']>;

/** `GET auth/time-tracking/stats/` for the last 7 days (`minutes` oldest first), per feature. */
function timeStats(
  minutes: number[],
  features: [Schemas['FeatureTime']['feature'], number][],
): Schemas['TimeTrackingStats'] {
  const daily = minutes.map((m, i) => ({
    date: day(minutes.length - 1 - i),
    total_time: m * 60_000,
  }));
  const total = daily.reduce((sum, d) => sum + d.total_time, 0);
  return {
    total_time: total,
    today_time: daily.at(-1)?.total_time ?? 0,
    week_time: daily.slice(-3).reduce((sum, d) => sum + d.total_time, 0),
    sessions_count: minutes.filter((m) => m > 0).length,
    daily,
    top_pages: [],
    features: features.map(([feature, total_time]) => ({ feature, total_time })),
  };
}

const PROGRESS_DECKS: Schemas['DeskMaturity'][] = [
  { deck_id: 7, deck_name: 'Capitals', new: 4, learning: 3, young: 10, mature: 7 },
  { deck_id: 9, deck_name: 'Irregular verbs', new: 20, learning: 6, young: 14, mature: 0 },
  { deck_id: 12, deck_name: 'Periodic table', new: 0, learning: 1, young: 12, mature: 105 },
];

/**
 * `/my-progress` for a learner with a streak: figures, weekly reviews, retention, forecast, cards
 * per deck (`decks`, three by default), year.
 */
export function progressData(decks = PROGRESS_DECKS): HttpHandler[] {
  const retention = (reviews: number, passed: number) => ({
    reviews,
    passed,
    rate: passed / reviews,
  });
  return [
    ok('/auth/progress/', {
      current_streak: 5,
      longest_streak: 12,
      days_active: 40,
      total_responses: 1240,
      reviews: 1180,
      duels_played: 12,
      duels_won: 8,
      win_rate: 8 / 12,
    }),
    ok('/space-repetition/learning-stats/', {
      retention: {
        young: retention(320, 272),
        mature: retention(180, 167),
        total: retention(500, 439),
      },
      forecast: Array.from({ length: 30 }, (_, i) => ({
        date: day(-i),
        count: i === 0 ? 18 : (i * 7) % 13,
      })),
      // A year of reviews, oldest first: busier in recent months, quiet on some days.
      reviews_per_day: Array.from({ length: 365 }, (_, i) => ({
        date: day(364 - i),
        count: i % 7 === 3 ? 0 : ((i * 5) % 11) + Math.floor(i / 60),
      })),
      decks,
    }),
    ok(
      '/auth/time-tracking/stats/',
      timeStats(
        [25, 14, 0, 40, 8, 0, 19],
        [
          ['space_repetition', 62 * 60_000],
          ['my_progress', 9 * 60_000],
          ['dashboard', 4 * 60_000],
          ['friends', 30_000],
        ],
      ),
    ),
    ...shellData('standard').filter((handler) =>
      /my_streak|card-stats|progress\/ranking/.test(handler.info.path.toString()),
    ),
  ];
}

/** `/my-progress` for a new learner: no streak, no reviews, no forecast. */
export function progressEmpty(): HttpHandler[] {
  return [
    ok('/auth/progress/', {
      current_streak: 0,
      longest_streak: 0,
      days_active: 0,
      total_responses: 0,
      reviews: 0,
      duels_played: 0,
      duels_won: 0,
      win_rate: null,
    }),
    ok('/space-repetition/learning-stats/', {
      retention: {
        young: { reviews: 0, passed: 0, rate: null },
        mature: { reviews: 0, passed: 0, rate: null },
        total: { reviews: 0, passed: 0, rate: null },
      },
      forecast: Array.from({ length: 30 }, (_, i) => ({ date: day(-i), count: 0 })),
      reviews_per_day: Array.from({ length: 365 }, (_, i) => ({ date: day(364 - i), count: 0 })),
      decks: [],
    }),
    ok('/auth/time-tracking/stats/', timeStats([0, 0, 0, 0, 0, 0, 0], [])),
    ...shellEmpty('standard').filter((handler) =>
      /my_streak|card-stats|progress\/ranking/.test(handler.info.path.toString()),
    ),
  ];
}

const plan = (
  id: number,
  name: Schemas['AccountType'],
  display_name: string,
  price: number | null,
  billing_period: Schemas['SubscriptionPlan']['billing_period'],
  features: Schemas['Feature'][],
): Schemas['SubscriptionPlan'] => ({
  id,
  name,
  display_name,
  price,
  currency: 'ARS',
  billing_period,
  features,
  is_purchasable: name === 'standard',
});

/** What `GET auth/subscription-plans/` answers: the server's four plans (pricing shows three). */
export const subscriptionPlans: Schemas['SubscriptionPlan'][] = [
  plan(1, 'free', 'Free', 0, 'none', FREE_FEATURES),
  plan(2, 'standard', 'Standard', 6999, 'monthly', ALL_FEATURES),
  plan(3, 'enterprise', 'Enterprise', null, 'custom', ALL_FEATURES),
  plan(4, 'enterprise_plus', 'Enterprise+', null, 'custom', ALL_FEATURES),
];

/** What the in-app `/pricing` reads: the plans and the account's plan. */
export function pricingData(account: StoryPlan): HttpHandler[] {
  return [ok('/auth/subscription-plans/', subscriptionPlans), accountInfo(account)];
}

/** The dashboard of a student whose course assigns two decks, one with an exam in 12 days. */
export function shellAssigned(): HttpHandler[] {
  const deck = (id: number, name: string, remaining: number): Schemas['Desk'] => ({
    id,
    name,
    cards_count: 40,
    new_cards_per_day: 10,
    new_cards_today: 0,
    remaining_today: remaining,
    due_count: remaining,
    new_count: 0,
    is_owner: false,
    can_edit: false,
    owner_username: 'profe.ruiz',
    shared_with: [],
    allow_editing: false,
    assignments: [],
    created_at: ago({ days: 20 }),
    updated_at: ago({ days: 2 }),
  });
  return [
    ok('/space-repetition/desks/', [
      {
        ...deck(21, 'Biología: la célula', 14),
        assignments: [
          { kind: 'course', group_id: 3, group_name: 'Primero B', due_date: '2025-01-27' },
        ],
      },
      {
        ...deck(22, 'Verbos irregulares', 0),
        assignments: [{ kind: 'subject', group_id: 5, group_name: 'Inglés', due_date: null }],
      },
      deck(23, 'Capitals', 3),
    ]),
    ...shellData('standard'),
  ];
}
