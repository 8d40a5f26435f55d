import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/client';
import { AppError, badRequest, tooMany } from '../http/errors';
import { maskAddress, type Mailer } from '../mail/mailer';
import { isValidEmail, MESSAGES, normaliseEmail, USER_NOT_CONFIRMED_CODE } from '../../../src/kernel/auth/rules';
import { dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from './passwords';
import { createSession, revokeAllSessions, revokeSession } from './sessions';
import { hashToken, randomCode, randomToken } from './tokens';
import { applicationRowStatement } from '../applications/table';
import { claimLoginAttempt, clearLoginFailures, clearLoginFailuresStatement, lockedMessage } from './loginBackoff';
import { PATHS } from '../../../src/kernel/paths';
import { createAfterAnswer } from './afterAnswer';
import { IDENTITY_MESSAGES } from '../../../src/kernel/auth/messages';
import { DEFAULT_LANGUAGE, type Language } from '../../../src/kernel/i18n/languages';
import { IDENTITY_MAILS } from './mails';

const HOUR = 3_600_000;
export const LIMITS = {
  confirmCodeTtlMs: 24 * HOUR,
  resetIdTtlMs: HOUR,
  confirmAttemptsPerHour: 15,
  resendsPerHour: 5,
  forgotMailsPerHour: 5,
  /** "Someone tried to create an account with your email" mails to the owner of a confirmed account. */
  signupAttemptMailsPerHour: 5,
  resetAttemptsPerHour: 15,
};

export { IDENTITY_MESSAGES };

interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  confirmed_at: Date | null;
  failed_logins: number;
  locked_until: Date | null;
}

function requireEmail(username: string, message: string = MESSAGES.emailInvalid): string {
  const normalised = normaliseEmail(username);
  if (!isValidEmail(normalised)) throw badRequest(message);
  return normalised;
}

async function findUser(db: Queryable, username: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE username = $1', [normaliseEmail(username)]);
  return rows[0];
}

/**
 * Records one attempt of `kind` and tells whether it is within `limit` an hour. Recording first and counting
 * after is what makes parallel attempts safe on any number of instances: of N attempts racing, the one whose
 * insert commits k-th counts at least k, so no more than `limit` of them pass (reading the count first let every
 * one of them through).
 */
async function attemptWithinLimit(db: Queryable, userId: string, kind: string, limit: number): Promise<boolean> {
  await db.query('INSERT INTO rate_events (user_id, kind) VALUES ($1, $2)', [userId, kind]);
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM rate_events WHERE user_id = $1 AND kind = $2 AND at > now() - interval '1 hour'`,
    [userId, kind],
  );
  return Number(rows[0].n) <= limit;
}

export function createIdentityService(db: Db, mailer: Mailer, config: Config, log: FastifyBaseLogger) {
  const afterAnswer = createAfterAnswer(log);
  const link = (path: string) => `${config.publicUrl}${path}`;

  async function issueConfirmCode(userId: string, username: string, language: Language, note = '') {
    const code = randomCode();
    await db.transaction(async (tx) => {
      // A new code supersedes the old ones: only the latest mail works.
      await tx.query(
        `UPDATE one_time_codes SET used_at = now() WHERE user_id = $1 AND purpose = 'confirm' AND used_at IS NULL`,
        [userId],
      );
      await tx.query(
        `INSERT INTO one_time_codes (user_id, purpose, code_hash, expires_at) VALUES ($1, 'confirm', $2, $3)`,
        [userId, hashToken(code), new Date(Date.now() + LIMITS.confirmCodeTtlMs)],
      );
    });
    const confirmLink = link(`${PATHS.confirm}?username=${encodeURIComponent(username)}`);
    await mailer.send({
      to: username,
      ...IDENTITY_MAILS[language].confirmCode({ college: config.collegeName, code, confirmLink, note }),
    });
  }

  /** A new code for an account still waiting for confirmation, at most LIMITS.resendsPerHour an hour. */
  async function resendWithinLimit(user: UserRow, language: Language, note = '') {
    if (await attemptWithinLimit(db, user.id, 'resend', LIMITS.resendsPerHour)) {
      await issueConfirmCode(user.id, user.username, language, note);
    }
  }

  /**
   * Someone signed up with the address of an existing account (sign-up answered as for a new one). A confirmed
   * account's owner is told, and pointed to login and password reset; an account still waiting for confirmation
   * gets a new code, as a resend would (its password stays the first one: a second sign-up must not choose the
   * password of an account its owner is about to confirm).
   */
  async function signUpOfExistingAccount(username: string, language: Language) {
    const user = await findUser(db, username);
    if (!user) return;
    if (!user.confirmed_at) {
      await resendWithinLimit(user, language, IDENTITY_MAILS[language].waitingAccountNote(link(PATHS.forgot)));
      return;
    }
    if (!(await attemptWithinLimit(db, user.id, 'signup_attempt', LIMITS.signupAttemptMailsPerHour))) return;
    await mailer.send({
      to: user.username,
      ...IDENTITY_MAILS[language].existingAccount({ loginLink: link(PATHS.login), forgotLink: link(PATHS.forgot) }),
    });
  }

  async function mailResetLink(username: string, language: Language) {
    const user = await findUser(db, username);
    if (!user || !(await attemptWithinLimit(db, user.id, 'forgot', LIMITS.forgotMailsPerHour))) return;
    const id = randomToken();
    await db.query(
      `INSERT INTO one_time_codes (user_id, purpose, code_hash, expires_at) VALUES ($1, 'reset', $2, $3)`,
      [user.id, hashToken(id), new Date(Date.now() + LIMITS.resetIdTtlMs)],
    );
    const resetLink = link(`${PATHS.reset}?username=${encodeURIComponent(user.username)}&id=${encodeURIComponent(id)}`);
    await mailer.send({ to: user.username, ...IDENTITY_MAILS[language].resetLink(resetLink) });
  }

  return {
    /** Resolves once the work started after earlier answers (mail, writes) is done: closing waits; tests too. */
    settled: () => afterAnswer.settled(),

    /**
     * The same answer (201, the same message, the same work before it: the password's hash and one insert) for a
     * new address and for one that has an account; what differs is mailed after the answer.
     */
    async signUp(input: { username: string; password: string; language?: Language }) {
      const language = input.language ?? DEFAULT_LANGUAGE;
      const username = requireEmail(input.username);
      const problem = passwordProblem(input.password);
      if (problem) throw badRequest(problem);
      const passwordHash = await hashPassword(input.password);
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO users (username, password_hash) VALUES ($1, $2) ON CONFLICT (username) DO NOTHING RETURNING id`,
        [username, passwordHash],
      );
      const created = rows[0];
      const context = { to: maskAddress(username) };
      if (created)
        afterAnswer.run('confirmation mail', context, () => issueConfirmCode(created.id, username, language));
      else
        afterAnswer.run('sign-up of an existing account', context, () => signUpOfExistingAccount(username, language));
      return { message: IDENTITY_MESSAGES.signedUp };
    },

    async confirm(input: { username: string; code: string }) {
      const username = requireEmail(input.username);
      const user = await findUser(db, username);
      if (!user) throw badRequest(IDENTITY_MESSAGES.codeWrong);
      if (user.confirmed_at) throw badRequest(IDENTITY_MESSAGES.alreadyConfirmed, { code: 'AlreadyConfirmed' });
      if (!(await attemptWithinLimit(db, user.id, 'confirm_attempt', LIMITS.confirmAttemptsPerHour))) {
        throw tooMany(IDENTITY_MESSAGES.tooManyCodeAttempts);
      }
      const { rows } = await db.query<{ id: string; expires_at: Date }>(
        `SELECT id, expires_at FROM one_time_codes
          WHERE user_id = $1 AND purpose = 'confirm' AND used_at IS NULL AND code_hash = $2`,
        [user.id, hashToken(input.code)],
      );
      const code = rows[0];
      if (!code) throw badRequest(IDENTITY_MESSAGES.codeWrong);
      if (new Date(code.expires_at).getTime() < Date.now()) throw badRequest(IDENTITY_MESSAGES.codeExpired);
      await db.transaction(async (tx) => {
        // Single use under concurrency: only the request that marks the code used confirms.
        const used = await tx.query(
          'UPDATE one_time_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id',
          [code.id],
        );
        if (!used.rows[0]) throw badRequest(IDENTITY_MESSAGES.codeWrong);
        await tx.query('UPDATE users SET confirmed_at = now() WHERE id = $1', [user.id]);
      });
      return { message: IDENTITY_MESSAGES.confirmed };
    },

    /** The same answer for any valid address (and past the hourly limit): the account is looked up after it. */
    async resendCode(input: { username: string; language?: Language }) {
      const username = requireEmail(input.username, MESSAGES.resendEmailInvalid);
      afterAnswer.run('confirmation code resend', { to: maskAddress(username) }, async () => {
        const user = await findUser(db, username);
        if (user && !user.confirmed_at) await resendWithinLimit(user, input.language ?? DEFAULT_LANGUAGE);
      });
      return { message: IDENTITY_MESSAGES.resent };
    },

    /** Returns a new session token; the route sets the cookies. */
    async logIn(input: { username: string; password: string }) {
      const username = requireEmail(input.username, MESSAGES.loginEmailInvalid);
      const user = await findUser(db, username);
      if (!user) {
        await verifyPassword(input.password, await dummyPasswordHash());
        throw badRequest(IDENTITY_MESSAGES.badCredentials, { code: 'NotAuthorizedException' });
      }
      const attempt = await claimLoginAttempt(db, 'users', user.id);
      if (attempt.locked) {
        throw tooMany(`${lockedMessage(attempt.until)} or reset your password.`);
      }
      if (!(await verifyPassword(input.password, user.password_hash))) {
        throw badRequest(IDENTITY_MESSAGES.badCredentials, { code: 'NotAuthorizedException' });
      }
      // Only someone who knows the password learns that the account awaits confirmation.
      if (!user.confirmed_at) {
        await clearLoginFailures(db, 'users', user.id);
        throw new AppError(403, IDENTITY_MESSAGES.notConfirmed, USER_NOT_CONFIRMED_CODE);
      }
      // One batch, not a transaction of four round trips: a night's logins held the embedded database between them.
      const [, , , counted] = await db.batch([
        clearLoginFailuresStatement('users', user.id),
        { sql: 'INSERT INTO successful_logins (user_id) VALUES ($1)', params: [user.id] },
        applicationRowStatement(user.id),
        { sql: 'SELECT count(*) AS count FROM successful_logins WHERE user_id = $1', params: [user.id] },
      ]);
      const loginCount = Number(counted[0].count);
      return {
        token: await createSession(db, Number(user.id)),
        loginCount,
        message: IDENTITY_MESSAGES.loggedIn,
      };
    },

    /** The same answer whether or not the account exists, and past the hourly mail limit: the work is after it. */
    /** GET /api/logout: the caller's session ends (its cookies are cleared by the route). */
    async logOut(sessionHash: string) {
      await revokeSession(db, sessionHash);
    },

    async forgotPassword(input: { username: string; language?: Language }) {
      const username = requireEmail(input.username);
      const language = input.language ?? DEFAULT_LANGUAGE;
      afterAnswer.run('reset link mail', { to: maskAddress(username) }, () => mailResetLink(username, language));
      return { message: IDENTITY_MESSAGES.forgot };
    },

    async resetPassword(input: { username: string; password: string; confirm_password: string; id: string }) {
      const username = requireEmail(input.username);
      const problem = passwordProblem(input.password);
      if (problem) throw badRequest(problem);
      if (input.password !== input.confirm_password) throw badRequest(IDENTITY_MESSAGES.passwordsDiffer);
      const user = await findUser(db, username);
      if (!user) throw badRequest(IDENTITY_MESSAGES.resetLinkBad);
      if (!(await attemptWithinLimit(db, user.id, 'reset_attempt', LIMITS.resetAttemptsPerHour))) {
        throw tooMany(IDENTITY_MESSAGES.tooManyResetAttempts);
      }
      const valid = (
        await db.query<{ id: string }>(
          `SELECT id FROM one_time_codes WHERE user_id = $1 AND purpose = 'reset' AND used_at IS NULL
              AND code_hash = $2 AND expires_at > now()`,
          [user.id, hashToken(input.id)],
        )
      ).rows[0];
      if (!valid) throw badRequest(IDENTITY_MESSAGES.resetLinkBad);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        // The link is claimed in the transaction (two uses at once: one wins), and every other reset link of the
        // account ends with it: an older mail must not reset the new password.
        const claimed = await tx.query(
          `UPDATE one_time_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id`,
          [valid.id],
        );
        if (!claimed.rows[0]) throw badRequest(IDENTITY_MESSAGES.resetLinkBad);
        await tx.query(
          `UPDATE one_time_codes SET used_at = now() WHERE user_id = $1 AND purpose = 'reset' AND used_at IS NULL`,
          [user.id],
        );
        // The link proves the mailbox, so it also confirms an unconfirmed account.
        await tx.query(
          `UPDATE users SET password_hash = $2, failed_logins = 0, locked_until = NULL,
                  confirmed_at = coalesce(confirmed_at, now()) WHERE id = $1`,
          [user.id, passwordHash],
        );
        await revokeAllSessions(db, Number(user.id), tx);
      });
      return { message: IDENTITY_MESSAGES.resetDone };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
