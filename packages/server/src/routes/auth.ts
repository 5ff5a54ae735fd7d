import { isKnownDevice, rememberDevice } from '../auth/devices.ts';
import { linkOrigin, redeemLoginLink, requestLoginLink } from '../auth/login-links.ts';
import { burnVerification, hashPassword, verifyPassword } from '../auth/passwords.ts';
import {
  assertNotThrottled,
  claimRegistration,
  clearFailures,
  recordFailure,
} from '../auth/throttle.ts';
import {
  bearerSession,
  issueTokenPair,
  revokeRefreshToken,
  revokeSessions,
  rotateRefreshToken,
  signAccessToken,
} from '../auth/tokens.ts';
import type { Handlers, Schemas } from '../contract/types.ts';
import { mayReadUser } from '../db/queries/schools.ts';
import { isKnownTimezone } from '../db/queries/timezones.ts';
import {
  findUser,
  insertUser,
  type UserChanges,
  updateUserRow,
  userByEmail,
  usernameTaken,
} from '../db/queries/users.ts';
import { MESSAGES, normalizeUsername, usernameProblem } from '../domain/accounts/users.ts';
import { maySeeStudents, maySeeTeachers } from '../domain/schools/invitations.ts';
import { featuresOf, isPaid } from '../domain/subscriptions/entitlements.ts';
import { clientIp } from '../http/client-ip.ts';
import { currentUser } from '../http/current-user.ts';
import { ApiError, notFound, validationError } from '../http/errors.ts';
import { Fields, takenAccount, validRegistration } from '../services/accounts/registration.ts';
import { toUser } from '../services/accounts/user-view.ts';
import { deliverMail } from '../services/mail/delivery.ts';

function invalidCredentials(): ApiError {
  return new ApiError(401, 'invalid_credentials', 'Invalid email or password');
}

export const handlers: Handlers = {
  async registerUser(c, { body }) {
    const { db } = c.get('deps');
    const input = await validRegistration(db, body);
    // Counted only once the input is valid: what costs is the hash below.
    await claimRegistration(db, clientIp(c));
    try {
      const row = await insertUser(db, {
        email: input.email,
        username: input.username,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName,
        lastName: input.lastName,
        timezone: input.timezone,
      });
      return c.json(toUser(row), 201);
    } catch (error) {
      throw takenAccount(error)?.error ?? error;
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
    const user = await userByEmail(db, email);
    // A device or address the owner signed in from before is not held back by failures others
    // spread over the account (it keeps its own budgets).
    await assertNotThrottled(db, email, ip, user ? await isKnownDevice(c, user.id) : false);
    let ok = false;
    if (user) ok = (await verifyPassword(user.passwordHash, password)) && user.isActive;
    else await burnVerification(password);
    if (!user || !ok) {
      await recordFailure(db, email, ip);
      throw invalidCredentials();
    }
    await clearFailures(db, email, ip);
    await rememberDevice(c, user.id);
    const pair = await issueTokenPair(db, user.id, jwtSecret);
    return c.json(pair satisfies Schemas['TokenPair'], 200);
  },

  async requestLoginLink(c, { body }) {
    const { sql: pool, publicUrl } = c.get('deps');
    const email = body.email.trim().toLowerCase();
    if (!email) throw validationError({ email: [MESSAGES.required] });
    await requestLoginLink(pool, {
      email,
      ip: clientIp(c),
      locale: body.locale ?? 'en',
      origin: linkOrigin(publicUrl),
    });
    await deliverMail(c);
    return c.body(null, 202);
  },

  async consumeLoginLink(c, { body }) {
    const { db, sql: pool, jwtSecret } = c.get('deps');
    const userId = await redeemLoginLink(pool, body.token);
    const user = userId ? await findUser(db, userId) : undefined;
    if (!user?.isActive) {
      throw new ApiError(401, 'token_invalid', 'The sign-in link is invalid, used or expired.');
    }
    await rememberDevice(c, user.id);
    const pair = await issueTokenPair(db, user.id, jwtSecret);
    return c.json(pair satisfies Schemas['TokenPair'], 200);
  },

  async refreshToken(c, { body }) {
    const { db, sessions, jwtSecret } = c.get('deps');
    const rotated = body.refresh ? await rotateRefreshToken(db, sessions, body.refresh) : null;
    if (!rotated) {
      throw new ApiError(401, 'token_invalid', 'The refresh token is invalid, expired or revoked.');
    }
    const access = await signAccessToken(rotated.user.id, jwtSecret, rotated.sid);
    return c.json({ access, refresh: rotated.refresh } satisfies Schemas['TokenPair'], 200);
  },

  async logout(c, { body }) {
    const { db, sessions } = c.get('deps');
    if (body?.refresh) await revokeRefreshToken(db, sessions, body.refresh);
    // The access token sent along ends with its session too, refresh token or not.
    const sid = await bearerSession(c);
    if (sid) await revokeSessions(sessions, [sid]);
    return c.body(null, 204);
  },

  getMe(c) {
    return c.json(toUser(currentUser(c)), 200);
  },

  async getUser(c, { params }) {
    const user = currentUser(c);
    if (params.id === user.id) return c.json(toUser(user), 200);
    const { db, sql: q } = c.get('deps');
    // Someone the caller does not teach, lead or share a school with does not exist for them.
    const readable = await mayReadUser(q, user.id, params.id, {
      seesStudents: maySeeStudents(user.accountType),
      seesTeachers: maySeeTeachers(user.accountType),
    });
    const row = readable ? await findUser(db, params.id) : undefined;
    if (!row) throw notFound('No user with this id.');
    return c.json(toUser(row), 200);
  },

  async updateUser(c, { params, body }) {
    const { db } = c.get('deps');
    const user = currentUser(c);
    if (params.id !== user.id) throw notFound('No user with this id.');
    const fields = new Fields();
    const changes: UserChanges = {};
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
      const row = await updateUserRow(db, user.id, changes);
      if (!row) throw notFound('No user with this id.');
      // The plan is the request's (it follows the subscription), not only the stored column.
      return c.json(toUser({ ...row, accountType: user.accountType }), 200);
    } catch (error) {
      if (takenAccount(error)?.field !== 'username') throw error;
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
