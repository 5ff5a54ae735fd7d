/**
 * The two people of a request (a friend request, a duel request): the sender joined as `s` and
 * the receiver as `r`, read with the same columns and mapped by the one function here.
 */
import type { Query } from './pg.ts';

/** A user as shown beside something they sent or received. */
export interface PersonRecord {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
}

/** The columns `SENDER_RECEIVER_COLUMNS` selects, beside the request's own ids. */
export interface SenderReceiverRow {
  sender_id: number;
  receiver_id: number;
  s_email: string;
  s_username: string;
  s_first_name: string;
  s_last_name: string;
  r_email: string;
  r_username: string;
  r_first_name: string;
  r_last_name: string;
}

/** The sender's (`s`) and receiver's (`r`) columns of a query joining `users` twice. */
export const SENDER_RECEIVER_COLUMNS = (q: Query) => q`
  s.email as s_email, s.username as s_username, s.first_name as s_first_name,
  s.last_name as s_last_name, r.email as r_email, r.username as r_username,
  r.first_name as r_first_name, r.last_name as r_last_name`;

export function toSenderAndReceiver(row: SenderReceiverRow): {
  sender: PersonRecord;
  receiver: PersonRecord;
} {
  return {
    sender: {
      id: row.sender_id,
      email: row.s_email,
      username: row.s_username,
      firstName: row.s_first_name,
      lastName: row.s_last_name,
    },
    receiver: {
      id: row.receiver_id,
      email: row.r_email,
      username: row.r_username,
      firstName: row.r_first_name,
      lastName: row.r_last_name,
    },
  };
}
