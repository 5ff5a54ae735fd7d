/** Duels as the server answers them, for the duels stories (dated around the stories' fixed now). */
import type {
  DuelHistoryEntry,
  DuelRequest,
  DuelStats,
  Leaderboard,
  Match,
  RatingDiscipline,
  RatingLeaderboardPage,
  Ratings,
  School,
} from '@memoria/api';
import { FIXED_NOW } from '../../../../.storybook/fixtures.ts';

const at = (seconds: number) => new Date(FIXED_NOW.getTime() + seconds * 1000).toISOString();
const person = (id: number, username: string, first: string) => ({
  id,
  email: `${username}@example.com`,
  username,
  first_name: first,
  last_name: '',
});

export const ME = 1;
export const ana = person(ME, 'ana', 'Ana');
export const bo = person(2, 'bo', 'Bo');

export const requests: DuelRequest[] = [
  {
    id: 7,
    sender_id: 2,
    receiver_id: ME,
    sender_email: 'bo@example.com',
    receiver_email: 'ana@example.com',
    sender_username: 'bo',
    receiver_username: 'ana',
    status: 'pending',
    duel_type: 'table',
    duel_id: 60,
    direction: 'received',
    created_at: at(-300),
    responded_at: null,
    is_deleted: false,
    duel_status: 'waiting',
  },
  {
    id: 6,
    sender_id: ME,
    receiver_id: 3,
    sender_email: 'ana@example.com',
    receiver_email: 'carla@example.com',
    sender_username: 'ana',
    receiver_username: 'carla',
    status: 'accepted',
    duel_type: 'desk',
    duel_id: 41,
    direction: 'sent',
    created_at: at(-900),
    responded_at: at(-600),
    is_deleted: false,
    duel_status: 'in_progress',
  },
];

export const history: DuelHistoryEntry[] = [
  {
    duel_id: 41,
    duel_type: 'desk',
    name: 'Capitals',
    opponent_username: 'carla',
    status: 'in_progress',
    result: 'in_progress',
    my_score: 0,
    opponent_score: 0,
    my_time_ms: null,
    opponent_time_ms: null,
    created_at: at(-900),
    finished_at: null,
  },
  {
    duel_id: 33,
    duel_type: 'images',
    name: 'Image duel',
    opponent_username: 'bo',
    status: 'finished',
    result: 'win',
    my_score: 9,
    opponent_score: 7,
    my_time_ms: null,
    opponent_time_ms: null,
    created_at: at(-86_400),
    finished_at: at(-86_000),
  },
  {
    duel_id: 29,
    duel_type: 'custom',
    name: 'Rivers',
    opponent_username: 'bo',
    status: 'finished',
    result: 'lose',
    my_score: 2,
    opponent_score: 2,
    // Equal scores: bo answered faster.
    my_time_ms: 55_000,
    opponent_time_ms: 41_200,
    created_at: at(-172_800),
    finished_at: at(-172_400),
  },
  {
    duel_id: 27,
    duel_type: 'desk',
    name: 'Capitals',
    opponent_username: 'carla',
    status: 'finished',
    result: 'draw',
    my_score: 0,
    opponent_score: 0,
    my_time_ms: 30_000,
    opponent_time_ms: 12_000,
    created_at: at(-259_200),
    finished_at: at(-258_800),
  },
];

export const leaderboard: Leaderboard = {
  my_rank: 2,
  entries: [
    {
      rank: 1,
      user: bo,
      is_me: false,
      wins: 4,
      losses: 1,
      draws: 0,
      total_duels: 5,
      win_rate: 0.8,
    },
    {
      rank: 2,
      user: ana,
      is_me: true,
      wins: 3,
      losses: 2,
      draws: 1,
      total_duels: 6,
      win_rate: 0.5,
    },
  ],
};

/** Ana's own results (the leaderboard's 3 wins, 2 losses and a draw, and one duel running). */
export const stats: DuelStats = {
  total_duels: 7,
  wins: 3,
  losses: 2,
  draws: 1,
  in_progress: 1,
  win_rate: 0.5,
  total_responses: 40,
  correct_responses: 31,
  accuracy: 0.775,
  ranking: 2,
  best_scores: { desk: 8, custom: null, images: 9, table: 14 },
};

/** No duel played yet. */
export const noStats: DuelStats = {
  total_duels: 0,
  wins: 0,
  losses: 0,
  draws: 0,
  in_progress: 0,
  win_rate: 0,
  total_responses: 0,
  correct_responses: 0,
  accuracy: 0,
  ranking: 1,
  best_scores: { desk: null, custom: null, images: null, table: null },
};

const unrated = (discipline: RatingDiscipline) => ({
  discipline,
  rating: 1500,
  deviation: 350,
  conservative_rating: 800,
  games: 0,
});

/** Ana's ratings: seven table duels and two deck duels; her friends' table-duel board. */
export const ratings: Ratings = {
  ratings: [
    { discipline: 'desk', rating: 1538.4, deviation: 291.2, conservative_rating: 956, games: 2 },
    unrated('image'),
    {
      discipline: 'number',
      rating: 1612.7,
      deviation: 148.3,
      conservative_rating: 1316.1,
      games: 7,
    },
    unrated('custom'),
    unrated('numbers'),
    unrated('images'),
    unrated('words'),
    unrated('names_faces'),
    unrated('cards'),
  ],
  leaderboard: {
    scope: 'friends',
    school_id: null,
    discipline: 'number',
    my_rank: 2,
    entries: [
      {
        rank: 1,
        user: bo,
        is_me: false,
        rating: 1701.2,
        deviation: 98.5,
        conservative_rating: 1504.2,
        games: 12,
      },
      {
        rank: 2,
        user: ana,
        is_me: true,
        rating: 1612.7,
        deviation: 148.3,
        conservative_rating: 1316.1,
        games: 7,
      },
    ],
  },
};

/** No duel rated yet. */
export const noRatings: Ratings = {
  ratings: (ratings.ratings as { discipline: RatingDiscipline }[]).map((r) =>
    unrated(r.discipline),
  ),
  leaderboard: {
    scope: 'friends',
    school_id: null,
    discipline: 'desk',
    my_rank: null,
    entries: [],
  },
};

// ── Matches ────────────────────────────────────────────────────────────────────────────────────

const side = (score: number | null, submitted = score !== null) => ({
  started: submitted,
  submitted,
  score,
  memorize_ms: score === null ? null : 30_000,
  late: false,
  marks: null,
});

const baseMatch: Match = {
  id: 7,
  best_of: 3,
  status: 'active',
  phase: 'veto',
  creator: { id: ME, username: 'ana' },
  opponent: { id: 2, username: 'bo' },
  my_side: 'creator',
  vetoes: [],
  turn_user_id: ME,
  choices: ['numbers', 'images', 'words', 'names', 'cards'],
  games: [],
  creator_wins: 0,
  opponent_wins: 0,
  draws: 0,
  winner: null,
  forfeited_by: null,
  created_at: '2026-11-20T10:00:00Z',
  finished_at: null,
};

const numbersGame = {
  number: 1,
  discipline: 'numbers' as const,
  picked_by: 2,
  options: { count: 80, scoring: 'rows' as const, language: null },
  max_score: 80,
};

/** The match at each phase, as Ana (the challenger) sees it. */
export const matches: Record<
  'invited' | 'veto' | 'pick' | 'playing' | 'finished' | 'forfeited',
  Match
> = {
  invited: {
    ...baseMatch,
    status: 'pending',
    phase: 'invited',
    my_side: 'opponent',
    creator: { id: 2, username: 'bo' },
    opponent: { id: ME, username: 'ana' },
    turn_user_id: null,
    choices: [],
  },
  veto: baseMatch,
  pick: {
    ...baseMatch,
    phase: 'pick',
    vetoes: [
      { user_id: 2, discipline: 'cards' },
      { user_id: ME, discipline: 'words' },
    ],
    choices: ['numbers', 'images', 'names'],
  },
  playing: {
    ...baseMatch,
    phase: 'play',
    vetoes: [
      { user_id: ME, discipline: 'cards' },
      { user_id: 2, discipline: 'words' },
    ],
    turn_user_id: null,
    choices: [],
    games: [{ ...numbersGame, outcome: null, creator: side(null), opponent: side(null, true) }],
  },
  finished: {
    ...baseMatch,
    status: 'finished',
    phase: 'finished',
    vetoes: [
      { user_id: ME, discipline: 'cards' },
      { user_id: 2, discipline: 'words' },
    ],
    turn_user_id: null,
    choices: [],
    games: [
      { ...numbersGame, outcome: 'creator', creator: side(60), opponent: side(40) },
      {
        ...numbersGame,
        number: 2,
        discipline: 'images',
        picked_by: ME,
        options: { count: 30, scoring: null, language: null },
        max_score: 30,
        outcome: 'creator',
        creator: side(27),
        opponent: side(22),
      },
    ],
    creator_wins: 2,
    winner: 'creator',
    finished_at: '2026-11-20T10:20:00Z',
  },
  /** Bo gave up during game 2 after Ana won game 1. */
  forfeited: {
    ...baseMatch,
    status: 'finished',
    phase: 'finished',
    vetoes: [
      { user_id: ME, discipline: 'cards' },
      { user_id: 2, discipline: 'words' },
    ],
    turn_user_id: null,
    choices: [],
    games: [{ ...numbersGame, outcome: 'creator', creator: side(60), opponent: side(40) }],
    creator_wins: 1,
    winner: 'creator',
    forfeited_by: 2,
    finished_at: '2026-11-20T10:12:00Z',
  },
};

/** Ana's friends to challenge. */
export const friendList = ['bo', 'carla'].map((username, i) => ({
  id: i + 2,
  email: `${username}@example.com`,
  username,
  first_name: '',
  last_name: '',
  friendship_id: i + 10,
  friends_since: '2024-12-01T10:00:00Z',
}));

/** Ana's matches list: bo's challenge to answer, one with carla being played, one finished. */
export const matchList: Match[] = [
  { ...matches.invited, id: 9 },
  { ...matches.playing, id: 4, opponent: { id: 3, username: 'carla' } },
  { ...matches.finished, id: 3, best_of: 5 },
];

// ── School rating boards ───────────────────────────────────────────────────────────────────────

/** The school Ana studies at (as `GET auth/schools/` lists it). */
export const mySchools: School[] = [
  {
    id: 3,
    name: 'Colegio del Sur',
    address: '',
    phone: '',
    email: '',
    website: '',
    owner_id: 9,
    statistics: { courses_count: 2, subjects_count: 1, teachers_count: 2, students_count: 41 },
    created_at: at(-86_400 * 30),
    updated_at: at(-86_400 * 2),
  },
];

const carla = person(3, 'carla', 'Carla');
const dario = person(4, 'dario', 'Darío');

/** Page 1 of 3 of Colegio del Sur's Numbers board (41 ranked, 20 a page; Ana is 3rd). */
export const schoolBoard: RatingLeaderboardPage = {
  count: 41,
  next: '/be/api/duels/ratings/leaderboard/?scope=school&school_id=3&discipline=number&page=2',
  previous: null,
  scope: 'school',
  school_id: 3,
  discipline: 'number',
  my_rank: 3,
  results: [
    [carla, 1802.4, 60.1, 31],
    [bo, 1701.2, 98.5, 12],
    [ana, 1612.7, 148.3, 7],
    [dario, 1540.0, 120.0, 9],
  ].map(([user, rating, deviation, games], i) => ({
    rank: i + 1,
    user: user as typeof ana,
    is_me: user === ana,
    rating: rating as number,
    deviation: deviation as number,
    conservative_rating: (rating as number) - 2 * (deviation as number),
    games: games as number,
  })),
};
