import type { Schemas } from '../../contract/types.ts';
import type { UserRow } from '../../db/queries/users.ts';

/** An account as the contract shows it (`User`), to its owner or a registration's answer. */
export function toUser(row: UserRow): Schemas['User'] {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    account_type: row.accountType,
    role: row.role,
    timezone: row.timezone,
    date_joined: row.dateJoined.toISOString(),
  };
}
