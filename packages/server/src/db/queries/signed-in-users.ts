import { getTableColumns, sql } from 'drizzle-orm';
import type { LatestSubscription } from '../../domain/subscriptions/subscriptions.ts';
import type { Db } from '../client.ts';
import { users } from '../schema.ts';
import { StatementGroups } from '../statement-groups.ts';

const prepareUsersById = (db: Db) =>
  db
    .select({
      ...getTableColumns(users),
      // The subscription that may grant a plan now (its rule is domain/subscriptions/subscriptions.ts). The
      // column is written out qualified: Drizzle renders `users.id` as a bare "id" in a select,
      // which inside this subquery would name the subscription's id.
      subscription: sql<LatestSubscription | null>`(
        select json_build_object('plan', s.plan_name, 'status', s.status, 'end_date', s.end_date)
        from subscriptions s
        where s.user_id = "users"."id" and s.status in ('active', 'cancelled')
        order by s.end_date desc nulls last
        limit 1)`,
    })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('memoria_users_by_id');

type SignedInRow = Awaited<ReturnType<ReturnType<typeof prepareUsersById>['execute']>>[number];

const userReads = new WeakMap<Db, StatementGroups<number, SignedInRow | undefined>>();

/**
 * The signed-in users' reads, in groups: the reads of every request that arrive while the
 * previous group is read go together, in one statement built once per database handle (query
 * building, and a statement of its own per request, were visible costs of every signed-in call).
 */
export function userById(db: Db): StatementGroups<number, SignedInRow | undefined> {
  let group = userReads.get(db);
  if (!group) {
    const query = prepareUsersById(db);
    group = new StatementGroups<number, SignedInRow | undefined>({
      async run(ids) {
        const rows = new Map((await query.execute({ ids })).map((row) => [row.id, row]));
        return ids.map((id) => rows.get(id));
      },
      keysOf: () => [],
      maxSize: 100,
    });
    userReads.set(db, group);
  }
  return group;
}
