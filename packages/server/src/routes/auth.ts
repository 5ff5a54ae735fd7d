import { and, eq, ne, sql } from 'drizzle-orm';
import { burnVerification, hashPassword, verifyPassword } from '../auth/passwords.ts';
import {
  assertNotThrottled,
  claimRegistration,
  clearFailures,
  recordFailure,
} from '../auth/throttle.ts';
import {
  issueRefreshToken,
  revokeRefreshToken,
  rotateRefreshToken,
  signAccessToken,
} from '../auth/tokens.ts';
import type { Handlers, Schemas } from '../contract/types.ts';
import type { Db } from '../db/client.ts';
import { type UserRow, users } from '../db/schema.ts';
import { uniqueViolation } from '../db/unique-violation.ts';
import { featuresOf, isPaid } from '../domain/entitlements.ts';
import { isKnownTimezone } from '../domain/timezones.ts';
import {
  isValidEmail,
  MESSAGES,
  normalizeUsername,
  PASSWORD_MIN_LENGTH,
  usernameProblem,
} from '../domain/users.ts';
import { clientIp } from '../http/client-ip.ts';
import { currentUser } from '../http/current-user.ts';
import { ApiError, type FieldErrors, notFound, validationError } from '../http/errors.ts';

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

class Fields {
  readonly errors: FieldErrors = {};
  add(field: string, message: string) {
    const list = this.errors[field] ?? [];
    list.push(message);
    this.errors[field] = list;
  }
  has(field: string) {
    return field in this.errors;
  }
  get any() {
    return Object.keys(this.errors).length > 0;
  }
}

async function emailTaken(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows.length > 0;
}

async function usernameTaken(db: Db, username: string, exceptId?: number): Promise<boolean> {
  const same = sql`lower(${users.username}) = lower(${username})`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(same, ne(users.id, exceptId)) : same)
    .limit(1);
  return rows.length > 0;
}

/** The field a unique-index violation (raised by a concurrent request) concerns. */
function takenField(error: unknown): 'email' | 'username' | null {
  const constraint = uniqueViolation(error);
  if (constraint?.includes('email')) return 'email';
  if (constraint?.includes('username')) return 'username';
  return null;
}

function invalidCredentials(): ApiError {
  return new ApiError(401, 'invalid_credentials', 'Invalid email or password');
}

export const handlers: Handlers = {
  async registerUser(c, { body }) {
    const { db } = c.get('deps');
    const email = body.email.trim();
    const username = normalizeUsername(body.username);
    const { password, password2 } = body;
    const fields = new Fields();
    // In the order of product-spec §5: required, matching passwords, length.
    const required = { email, username, password, password2 };
    for (const [field, value] of Object.entries(required)) {
      if (value.trim() === '') fields.add(field, MESSAGES.required);
    }
    const missing = fields.any;
    if (email && !isValidEmail(email)) fields.add('email', MESSAGES.invalidEmail);
    const badUsername = usernameProblem(username);
    if (badUsername) fields.add('username', badUsername);
    if (password && password2 && password !== password2) {
      fields.add('password2', MESSAGES.passwordsDoNotMatch);
    }
    if (password.trim() && password.length < PASSWORD_MIN_LENGTH) {
      fields.add('password', MESSAGES.passwordTooShort);
    }
    const timezone = body.timezone?.trim() || 'UTC';
    if (!(await isKnownTimezone(db, timezone))) fields.add('timezone', MESSAGES.invalidTimezone);
    if (!fields.has('email') && (await emailTaken(db, email))) {
      fields.add('email', MESSAGES.emailTaken);
    }
    if (!fields.has('username') && (await usernameTaken(db, username))) {
      fields.add('username', MESSAGES.usernameTaken);
    }
    if (fields.any) {
      // The message a form shows on top, in the order of product-spec §5.
      const detail = missing
        ? MESSAGES.allFieldsRequired
        : fields.has('password2')
          ? MESSAGES.passwordsDoNotMatch
          : fields.has('password')
            ? MESSAGES.passwordTooShort
            : Object.values(fields.errors)[0]?.[0];
      throw validationError(fields.errors, detail);
    }
    // Counted only once the input is valid: what costs is the hash below.
    await claimRegistration(db, clientIp(c));
    try {
      const [row] = await db
        .insert(users)
        .values({
          email,
          username,
          passwordHash: await hashPassword(password),
          firstName: body.first_name?.trim() ?? '',
          lastName: body.last_name?.trim() ?? '',
          timezone,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return c.json(toUser(row), 201);
    } catch (error) {
      const field = takenField(error);
      if (!field) throw error;
      const message = field === 'email' ? MESSAGES.emailTaken : MESSAGES.usernameTaken;
      throw validationError({ [field]: [message] }, message);
    }
  },

  async obtainToken(c, { body }) {
    const { db, jwtSecret } = c.get('deps');
    const email = body.email.trim().toLowerCase();
    const { password } = body;
    if (!email || !password) {
      const fields = new Fields();
      if (!email) fields.add('email', MESSAGES.required);
      if (!password) fields.add('password', MESSAGES.required);
      throw validationError(fields.errors, MESSAGES.allFieldsRequired);
    }
    const ip = clientIp(c);
    await assertNotThrottled(db, email, ip);
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    let ok = false;
    if (user) ok = (await verifyPassword(user.passwordHash, password)) && user.isActive;
    else await burnVerification(password);
    if (!user || !ok) {
      await recordFailure(db, email, ip);
      throw invalidCredentials();
    }
    await clearFailures(db, email, ip);
    const [access, refresh] = await Promise.all([
      signAccessToken(user.id, jwtSecret),
      issueRefreshToken(db, user.id),
    ]);
    return c.json({ access, refresh } satisfies Schemas['TokenPair'], 200);
  },

  async refreshToken(c, { body }) {
    const { db, jwtSecret } = c.get('deps');
    const rotated = body.refresh ? await rotateRefreshToken(db, body.refresh) : null;
    if (!rotated) {
      throw new ApiError(401, 'token_invalid', 'The refresh token is invalid, expired or revoked.');
    }
    const access = await signAccessToken(rotated.user.id, jwtSecret);
    return c.json({ access, refresh: rotated.refresh } satisfies Schemas['TokenPair'], 200);
  },

  async logout(c, { body }) {
    if (body?.refresh) await revokeRefreshToken(c.get('deps').db, body.refresh);
    return c.body(null, 204);
  },

  getMe(c) {
    return c.json(toUser(currentUser(c)), 200);
  },

  getUser(c, { params }) {
    const user = currentUser(c);
    // Until school roles exist a user sees only their own record; others do not exist for them.
    if (params.id !== user.id) throw notFound('No user with this id.');
    return c.json(toUser(user), 200);
  },

  async updateUser(c, { params, body }) {
    const { db } = c.get('deps');
    const user = currentUser(c);
    if (params.id !== user.id) throw notFound('No user with this id.');
    const fields = new Fields();
    const changes: Partial<typeof users.$inferInsert> = {};
    if (body.username !== undefined) {
      const username = normalizeUsername(body.username);
      const problem = usernameProblem(username);
      if (!username) fields.add('username', MESSAGES.blank);
      else if (problem) fields.add('username', problem);
      else if (await usernameTaken(db, username, user.id)) {
        fields.add('username', MESSAGES.usernameTaken);
      } else changes.username = username;
    }
    if (body.first_name !== undefined) changes.firstName = body.first_name.trim();
    if (body.last_name !== undefined) changes.lastName = body.last_name.trim();
    if (body.timezone !== undefined) {
      if (!(await isKnownTimezone(db, body.timezone.trim())))
        fields.add('timezone', MESSAGES.invalidTimezone);
      else changes.timezone = body.timezone.trim();
    }
    if (fields.any) throw validationError(fields.errors);
    try {
      const [row] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
      if (!row) throw notFound('No user with this id.');
      // The plan is the request's (it follows the subscription), not only the stored column.
      return c.json(toUser({ ...row, accountType: user.accountType }), 200);
    } catch (error) {
      if (takenField(error) !== 'username') throw error;
      throw validationError({ username: [MESSAGES.usernameTaken] });
    }
  },

  getAccountInfo(c) {
    const user = currentUser(c);
    const info: Schemas['AccountInfo'] = {
      account_type: user.accountType,
      role: user.role,
      is_paid: isPaid(user.accountType),
      features: featuresOf(user.accountType),
      subscription_end_date: c.get('planUntil')?.toISOString() ?? null,
    };
    return c.json(info, 200);
  },
};
