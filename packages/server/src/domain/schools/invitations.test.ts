import { describe, expect, it } from 'vitest';
import {
  expiryFrom,
  INVITATION_MESSAGES,
  invitationStatus,
  mayCreateInvitation,
  newInvitationCode,
  planAfterInvitation,
  refusal,
} from './invitations.ts';

const now = new Date('2026-03-01T12:00:00Z');

describe('invitation codes', () => {
  it('are 192 random bits in URL-safe characters, never repeated', () => {
    const codes = new Set(Array.from({ length: 1000 }, newInvitationCode));
    expect(codes.size).toBe(1000);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(Buffer.from(code, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    }
  });

  it('expire after 7 days unless told otherwise', () => {
    expect(expiryFrom(now).toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(expiryFrom(now, 1).toISOString()).toBe('2026-03-02T12:00:00.000Z');
  });
});

describe('who may invite', () => {
  it('lets only Enterprise+ invite teachers, and Enterprise or Enterprise+ invite students', () => {
    expect(
      ['free', 'standard', 'enterprise', 'enterprise_plus'].map((p) => [
        p,
        mayCreateInvitation(p as never, 'enterprise'),
        mayCreateInvitation(p as never, 'teacher'),
      ]),
    ).toEqual([
      ['free', false, false],
      ['standard', false, false],
      ['enterprise', false, true],
      ['enterprise_plus', true, true],
    ]);
  });
});

describe('applying', () => {
  const inv = {
    usedAt: null,
    expiresAt: expiryFrom(now),
    email: null as string | null,
    createdBy: 1,
  };

  it('is refused when used, expired, one’s own or for another address', () => {
    expect(refusal(inv, { id: 2, email: 'a@x.io' }, now)).toBeNull();
    expect(refusal({ ...inv, usedAt: now }, { id: 2, email: 'a@x.io' }, now)).toBe(
      INVITATION_MESSAGES.used,
    );
    expect(refusal(inv, { id: 2, email: 'a@x.io' }, expiryFrom(now))).toBe(
      INVITATION_MESSAGES.expired,
    );
    expect(refusal(inv, { id: 1, email: 'a@x.io' }, now)).toBe(INVITATION_MESSAGES.ownInvitation);
    const forAna = { ...inv, email: 'Ana@x.io' };
    expect(refusal(forAna, { id: null, email: ' ana@X.io' }, now)).toBeNull();
    expect(refusal(forAna, { id: 2, email: 'ben@x.io' }, now)).toBe(INVITATION_MESSAGES.otherEmail);
  });

  it('gives the status of a code', () => {
    expect(invitationStatus(inv, now)).toBe('pending');
    expect(invitationStatus({ ...inv, usedAt: now }, expiryFrom(now, 30))).toBe('used');
    expect(invitationStatus(inv, expiryFrom(now, 8))).toBe('expired');
  });

  it('upgrades to the invited plan and never downgrades', () => {
    expect(planAfterInvitation('free', 'standard')).toBe('standard');
    expect(planAfterInvitation('standard', 'enterprise')).toBe('enterprise');
    expect(planAfterInvitation('enterprise', 'standard')).toBe('enterprise');
    expect(planAfterInvitation('enterprise_plus', 'enterprise')).toBe('enterprise_plus');
  });
});
