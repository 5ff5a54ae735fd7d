/** The stored refresh tokens (`refresh_tokens`, SHA-256 only; auth/tokens.ts issues them). */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { refreshTokens } from '../schema.ts';

export async function insertRefreshToken(
  db: Db,
  token: { userId: number; tokenHash: string; familyId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

type NewToken = { tokenHash: string; expiresAt: Date };

/** What presenting a refresh token did (auth/tokens.ts decides what each means). */
export type Rotation =
  /** Claimed: it was live, now rotated, and `next` continues its family. */
  | { kind: 'rotated'; userId: number; familyId: string }
  /** Shown again within the grace period while its successor was unused: `next` replaces it. */
  | { kind: 'retried'; userId: number; familyId: string }
  /** Rotated earlier and shown again after its successor was used or the grace period ended. */
  | { kind: 'replayed'; familyId: string }
  /** Unknown, expired, or revoked by a logout. */
  | { kind: 'refused' };

/**
 * Rotates the token to `next` in one transaction that holds the token's row, so of concurrent
 * presentations of one token the first rotates and the others see it rotated. A token rotated at
 * most `graceSeconds` ago whose family has moved no further (no later rotation) is a retry whose
 * answer was lost, or a second tab's refresh: the family's live successor is revoked and `next`
 * replaces it, so one live token remains (as Airlock and Cognito's grace periods do).
 */
export async function rotateRefreshTokenRow(
  db: Db,
  tokenHash: string,
  next: NewToken,
  now: Date,
  graceSeconds: number,
): Promise<Rotation> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update');
    if (!row) return { kind: 'refused' };
    const { userId, familyId } = row;
    if (row.revokedAt === null && row.expiresAt > now) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now, rotatedAt: now })
        .where(eq(refreshTokens.id, row.id));
      await tx.insert(refreshTokens).values({ ...next, userId, familyId });
      return { kind: 'rotated', userId, familyId };
    }
    if (row.rotatedAt === null) return { kind: 'refused' };
    const [later] = await tx
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, familyId), gt(refreshTokens.rotatedAt, row.rotatedAt)))
      .limit(1);
    const withinGrace = now.getTime() - row.rotatedAt.getTime() <= graceSeconds * 1000;
    if (later || !withinGrace) return { kind: 'replayed', familyId };
    const successors = await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.familyId, familyId),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning({ id: refreshTokens.id });
    // No live successor: the session was logged out meanwhile.
    if (successors.length === 0) return { kind: 'refused' };
    await tx.insert(refreshTokens).values({ ...next, userId, familyId });
    return { kind: 'retried', userId, familyId };
  });
}

/** The family of a token in any state, or undefined. */
export async function tokenFamily(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row?.familyId;
}

export async function revokeTokenFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
