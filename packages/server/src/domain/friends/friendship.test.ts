import { describe, expect, it } from 'vitest';
import {
  decideSend,
  type FriendshipAction,
  type FriendshipStatus,
  transition,
} from './friendship.ts';

const ANA = 1;
const BEN = 2;
const EVE = 3;
const request = (status: FriendshipStatus) => ({ senderId: ANA, receiverId: BEN, status });

describe('transition', () => {
  it('lets only the receiver accept or reject a pending request', () => {
    for (const [action, to] of [
      ['accept', 'accepted'],
      ['reject', 'rejected'],
    ] as const) {
      expect(transition(request('pending'), BEN, action)).toEqual({ ok: true, status: to });
      expect(transition(request('pending'), ANA, action)).toEqual({
        ok: false,
        reason: 'wrong_party',
      });
    }
  });

  it('lets only the sender cancel a pending request', () => {
    expect(transition(request('pending'), ANA, 'cancel')).toEqual({
      ok: true,
      status: 'cancelled',
    });
    expect(transition(request('pending'), BEN, 'cancel')).toEqual({
      ok: false,
      reason: 'wrong_party',
    });
  });

  it('lets either friend remove an accepted friendship', () => {
    for (const who of [ANA, BEN]) {
      expect(transition(request('accepted'), who, 'remove')).toEqual({
        ok: true,
        status: 'removed',
      });
    }
  });

  it('refuses every action from a state it does not start from', () => {
    const cases: [FriendshipStatus, FriendshipAction, number][] = [
      ['accepted', 'accept', BEN],
      ['rejected', 'accept', BEN],
      ['cancelled', 'reject', BEN],
      ['accepted', 'cancel', ANA],
      ['pending', 'remove', ANA],
      ['removed', 'remove', BEN],
      ['rejected', 'remove', ANA],
    ];
    for (const [status, action, who] of cases) {
      expect(transition(request(status), who, action)).toEqual({
        ok: false,
        reason: 'wrong_state',
      });
    }
  });

  it('tells a stranger apart from the wrong party', () => {
    for (const action of ['accept', 'reject', 'cancel', 'remove'] as const) {
      expect(transition(request('pending'), EVE, action)).toEqual({
        ok: false,
        reason: 'not_party',
      });
    }
  });
});

describe('decideSend', () => {
  it('creates a request when the pair has nothing open', () => {
    expect(decideSend(null, ANA)).toBe('create');
  });
  it('accepts the request the other user already sent', () => {
    expect(decideSend(request('pending'), BEN)).toBe('accept_theirs');
  });
  it('refuses a second request and a request to a friend, from either side', () => {
    expect(decideSend(request('pending'), ANA)).toBe('already_sent');
    expect(decideSend(request('accepted'), ANA)).toBe('already_friends');
    expect(decideSend(request('accepted'), BEN)).toBe('already_friends');
  });
});
