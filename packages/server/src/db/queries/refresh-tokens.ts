/** The stored refresh tokens (`refresh_tokens`, SHA-256 only; auth/tokens.ts issues them). */
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { refreshTokens } from '../schema.ts';

export async function insertRefreshToken(
  db: Db,
  token: { userId: number; tokenHash: string; familyId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

/**
 * Marks the token rotated if it is known, unexpired and not revoked, in one conditional UPDATE
 * (of two concurrent claims only one wins); its user and family, or undefined.
 */
export async function claimRefreshToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number; familyId: string } | undefined> {
  const [claimed] = await db
    .update(refreshTokens)
    .set({ revokedAt: now, rotatedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  return claimed;
}

/** The family of a token already rotated (a replay), or undefined. */
export async function rotatedTokenFamily(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNotNull(refreshTokens.rotatedAt)));
  return row?.familyId;
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
