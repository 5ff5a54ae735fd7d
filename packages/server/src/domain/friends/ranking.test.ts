import { describe, expect, it } from 'vitest';
import { rankByActivities } from './ranking.ts';

const person = (id: number, username: string, activities: number) => ({ id, username, activities });

describe('rankByActivities', () => {
  it('ranks a learner without friends first of one', () => {
    expect(rankByActivities([person(1, 'ana', 0)])).toEqual([{ ...person(1, 'ana', 0), rank: 1 }]);
  });

  it('puts more activities first', () => {
    const ranked = rankByActivities([person(1, 'ana', 3), person(2, 'bea', 9), person(3, 'cy', 5)]);
    expect(ranked.map((p) => [p.username, p.rank])).toEqual([
      ['bea', 1],
      ['cy', 2],
      ['ana', 3],
    ]);
  });

  it('gives equal counts the same rank, by username, and skips the places they take', () => {
    const ranked = rankByActivities([
      person(4, 'dan', 1),
      person(2, 'Bea', 5),
      person(1, 'ana', 5),
      person(3, 'cy', 5),
    ]);
    expect(ranked.map((p) => [p.username, p.rank])).toEqual([
      ['ana', 1],
      ['Bea', 1],
      ['cy', 1],
      ['dan', 4],
    ]);
  });

  it('orders by id when usernames differ only in case', () => {
    const ranked = rankByActivities([person(9, 'Ana', 2), person(3, 'ana', 2)]);
    expect(ranked.map((p) => p.id)).toEqual([3, 9]);
    expect(ranked.map((p) => p.rank)).toEqual([1, 1]);
  });

  it('leaves its input as it was', () => {
    const people = [person(1, 'ana', 1), person(2, 'bea', 2)];
    rankByActivities(people);
    expect(people.map((p) => p.id)).toEqual([1, 2]);
  });
});
