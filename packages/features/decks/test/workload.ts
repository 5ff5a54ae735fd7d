/** Contract-typed simulator answers for the plan dialog's tests and stories. */
import type { Workload } from '@memoria/api';

export function workload(days: number, overrides: Partial<Workload> = {}): Workload {
  const start = Date.parse('2025-01-15T00:00:00.000Z');
  return {
    desired_retention: 0.9,
    days: Array.from({ length: days }, (_, i) => ({
      date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
      reviews: 20 + ((i * 7) % 13),
      new_cards: i < 10 ? 5 : 0,
      minutes: 6 + (i % 4),
    })),
    total_minutes: days * 7,
    minutes_per_day: 7,
    memorized: 180,
    retention_curve: [0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.97].map((r, i) => ({
      desired_retention: r,
      minutes_per_day: 4 + i * i,
      memorized: 120 + i * 15,
      seconds_per_card_memorized: 30 + i,
    })),
    suggested_retention: 0.86,
    uses_fitted_parameters: true,
    review_seconds: { again: 20, hard: 12, good: 8, easy: 5 },
    uses_own_review_times: true,
    exam_date: null,
    ...overrides,
  };
}
