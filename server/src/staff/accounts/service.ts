import type { Mailer } from '../../mail/mailer';
import { AppError, badRequest, conflict, notFound, tooMany } from '../../http/errors';
import { dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from '../../identity/passwords';
import { hashToken, randomToken } from '../../identity/tokens';
import { claimLoginAttempt, clearLoginFailures, lockedMessage } from '../../identity/loginBackoff';
import { isValidEmail, normaliseEmail } from '../../../../src/kernel/auth/rules';
import { STAFF_MESSAGES } from '../../../../src/kernel/staff/messages';
import { STAFF_PATHS } from '../../../../src/kernel/staff/paths';
import { can, isStaffRole, rolesWith, STAFF_ROLES, type StaffRole } from '../../../../src/kernel/staff/roles';
import type { Gate, Queryable } from '../audit/gate';
import type { AuditEntry } from '../audit/log';
import { createStaffSession, revokeAllStaffSessions } from '../sessions';
import { newRecoveryCodes, newTotpSecret, otpauthUri, recoveryCodeHash, totpStep } from './totp';

/** Who acts, for the audit log: a staff email, `cli` or `admin-api`, and from where. */
export type AuditContext = Pick<AuditEntry, 'actor' | 'ip' | 'userAgent'>;

/** An enrolment link works once, for 24 hours. */
const ENROL_TTL_MS = 24 * 3_600_000;

interface AccountRow {
  id: string;
  email: string;
  role: StaffRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: string;
  created_at: Date;
  enrolled_at: Date | null;
  last_sign_in_at: Date | null;
  sso_issuer: string | null;
  sso_subject: string | null;
  sso_bound_at: Date | null;
}

const ACCOUNT_COLUMNS = `id::text AS id, email, role, password_hash, totp_secret, totp_last_step::text AS totp_last_step,
  created_at, enrolled_at, last_sign_in_at, sso_issuer, sso_subject, sso_bound_at`;

/**
 * Who a single sign-on says signed in, whatever the protocol (accounts/oidc.ts, accounts/saml.ts): the provider, its
 * stable id of the person, and the email it gives (matched only to bind an account the first time).
 */
export interface SsoIdentity {
  /** The OpenID issuer, or the SAML IdP's entity id. */
  issuer: string;
  /** OIDC `sub`; SAML persistent NameID or eduPersonPrincipalName. */
  subject: string;
  /** '' when the provider gave none. */
  email: string;
  /** The provider vouches for the email (OIDC `email_verified`, or STAFF_OIDC_TRUST_EMAIL; a campus IdP's SAML). */
  emailTrusted: boolean;
  /** For the audit log: how the provider says they signed in. */
  detail: string;
}

/**
 * A refused single sign-on: its code goes to the sign-in page as ?error=, its reason (and the email the provider
 * gave, if any) to the audit log: `accounts.ssoRefusal()` writes it.
 */
export const ssoRefused = (status: number, message: string, code: string, reason: string, email = '') =>
  new AppError(status, message, code, { reason, email });

function requireEmail(email: string) {
  const normalised = normaliseEmail(email);
  if (!isValidEmail(normalised)) throw badRequest('Enter a valid email address.');
  return normalised;
}

/** A role as the CLI or a caller gives it: one of STAFF_ROLES, or a 400 that names them. */
function requireRole(role: string): StaffRole {
  if (!isStaffRole(role)) throw badRequest(`The role must be one of: ${STAFF_ROLES.join(', ')}.`);
  return role;
}

export function createStaffAccounts(deps: { gate: Gate; mailer: Mailer; publicUrl: string }) {
  const { gate, mailer, publicUrl } = deps;
  const issuer = `Admissions (${new URL(publicUrl).host})`;

  async function findByEmail(db: Queryable, email: string): Promise<AccountRow | undefined> {
    const { rows } = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_accounts WHERE email = $1`, [
      normaliseEmail(email),
    ]);
    return rows[0];
  }

  async function findByEnrolToken(db: Queryable, token: string) {
    const { rows } = await db.query<AccountRow & { pending_totp_secret: string | null }>(
      `SELECT ${ACCOUNT_COLUMNS}, pending_totp_secret FROM staff_accounts
        WHERE enrol_token_hash = $1 AND enrol_expires_at > now()`,
      [hashToken(token)],
    );
    if (!rows[0]) throw badRequest(STAFF_MESSAGES.enrolLinkBad, { code: 'EnrolLinkBad' });
    return rows[0];
  }

  /**
   * Refuses to leave the console without anyone who may manage staff (removing the last one, or giving them a role
   * that may not): nobody could then add staff or give out roles but from the CLI.
   */
  async function assertAnotherManager(tx: Queryable, account: AccountRow) {
    if (!can(account.role, 'staff-manage')) return;
    const managers = rolesWith('staff-manage');
    const { rows } = await tx.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM staff_accounts
        WHERE role IN (${managers.map((_, i) => `$${i + 2}`).join(', ')}) AND id <> $1`,
      [account.id, ...managers],
    );
    if (Number(rows[0].n) === 0) throw conflict(STAFF_MESSAGES.lastAdmin, 'LastAdmin');
  }

  async function mailEnrolLink(email: string, role: StaffRole, token: string) {
    const link = `${publicUrl}${STAFF_PATHS.enrol}?token=${encodeURIComponent(token)}`;
    await mailer.send({
      to: email,
      subject: 'Your staff account for the admission application',
      text:
        `You have been given a staff account (${role}) for the admission application's staff console.\n\n` +
        `To set your password and your authenticator app, open this link within 24 hours (it works once):\n${link}\n\n` +
        `If you did not expect this message, ignore it.\n`,
    });
  }

  return {
    async list(by: AuditContext) {
      const { rows } = await gate.audited({ ...by, action: 'staff-listed' }, (db) =>
        db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_accounts ORDER BY email`),
      );
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        enrolled: row.enrolled_at !== null,
        createdAt: new Date(row.created_at).toISOString(),
        lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
        sso:
          row.sso_issuer && row.sso_subject && row.sso_bound_at
            ? {
                issuer: row.sso_issuer,
                subject: row.sso_subject,
                boundAt: new Date(row.sso_bound_at).toISOString(),
              }
            : null,
      }));
    },

    /** Forgets the account's single sign-on identity: its next SSO sign-in binds it again (by email). */
    async resetSso(emailOrId: { email?: string; id?: string }, by: AuditContext) {
      return gate.changed(
        (account: AccountRow) => ({
          ...by,
          action: 'staff-sso-reset',
          target: account.email,
          detail: account.sso_subject ? `was ${account.sso_issuer} ${account.sso_subject}` : 'was not linked',
        }),
        async (tx) => {
          const account = await findAccount(tx, emailOrId);
          await tx.query(
            'UPDATE staff_accounts SET sso_issuer = NULL, sso_subject = NULL, sso_bound_at = NULL WHERE id = $1',
            [account.id],
          );
          // Sessions signed in with the old identity end with it.
          await revokeAllStaffSessions(tx, account.id);
          return account;
        },
      );
    },

    /** Adds an account and mails its single-use enrolment link (24 h). */
    async add(input: { email: string; role: string }, by: AuditContext) {
      const email = requireEmail(input.email);
      const role = requireRole(input.role);
      const token = randomToken();
      await gate.changed({ ...by, action: 'staff-added', target: email, detail: `role ${role}` }, async (tx) => {
        const { rows } = await tx.query(
          `INSERT INTO staff_accounts (email, role, enrol_token_hash, enrol_expires_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (email) DO NOTHING RETURNING id`,
          [email, role, hashToken(token), new Date(Date.now() + ENROL_TTL_MS)],
        );
        if (!rows[0]) throw conflict(STAFF_MESSAGES.staffExists, 'StaffExists');
      });
      await mailEnrolLink(email, role, token);
      return { message: STAFF_MESSAGES.staffAdded };
    },

    /** A new role counts at once: the account's sessions end, so it signs in again under the new role. */
    async setRole(emailOrId: { email?: string; id?: string }, newRole: string, by: AuditContext) {
      const role = requireRole(newRole);
      return gate.changed(
        (account: AccountRow) => ({
          ...by,
          action: 'staff-role-changed',
          target: account.email,
          detail: `${account.role} → ${role}`,
        }),
        async (tx) => {
          const account = await findAccount(tx, emailOrId);
          if (!can(role, 'staff-manage')) await assertAnotherManager(tx, account);
          await tx.query('UPDATE staff_accounts SET role = $2 WHERE id = $1', [account.id, role]);
          await revokeAllStaffSessions(tx, account.id);
          return account;
        },
      );
    },

    async remove(emailOrId: { email?: string; id?: string }, by: AuditContext) {
      return gate.changed(
        (account: AccountRow) => ({ ...by, action: 'staff-removed', target: account.email }),
        async (tx) => {
          const account = await findAccount(tx, emailOrId);
          await assertAnotherManager(tx, account);
          // Its sessions and recovery codes go with it (ON DELETE CASCADE): it is signed out at once.
          await tx.query('DELETE FROM staff_accounts WHERE id = $1', [account.id]);
          return account;
        },
      );
    },

    /** The enrolment page's first step: the account the link is for, and its new authenticator key. */
    async enrolStart(token: string) {
      return gate.ownTransaction(async (tx) => {
        const account = await findByEnrolToken(tx, token);
        // The same key while the link lives: reloading the page must not invalidate a key already scanned.
        const secret = account.pending_totp_secret ?? newTotpSecret();
        if (!account.pending_totp_secret) {
          await tx.query('UPDATE staff_accounts SET pending_totp_secret = $2 WHERE id = $1', [account.id, secret]);
        }
        return {
          email: account.email,
          role: account.role,
          secret,
          otpauthUri: otpauthUri(secret, account.email, issuer),
        };
      });
    },

    /**
     * Sets the password (the applicants' rules) and the authenticator (a current code proves it was set up), ends
     * the link, and returns ten recovery codes (shown once) and a session.
     */
    async enrolFinish(
      input: { token: string; password: string; confirm_password: string; code: string },
      by: Omit<AuditContext, 'actor'>,
    ) {
      const problem = passwordProblem(input.password);
      if (problem) throw badRequest(problem);
      if (input.password !== input.confirm_password) throw badRequest(STAFF_MESSAGES.passwordsDiffer);
      const probe = await findByEnrolToken(gate.own, input.token);
      if (!probe.pending_totp_secret) throw badRequest(STAFF_MESSAGES.enrolLinkBad, { code: 'EnrolLinkBad' });
      const step = totpStep(probe.pending_totp_secret, input.code);
      if (step === null) throw badRequest(STAFF_MESSAGES.enrolCodeWrong, { code: 'CodeWrong' });
      const passwordHash = await hashPassword(input.password);
      const recoveryCodes = newRecoveryCodes();
      const sessionToken = await gate.changed({ ...by, actor: probe.email, action: 'enrolled' }, async (tx) => {
        // The link is claimed here: of two uses at once, one wins.
        const { rows } = await tx.query(
          `UPDATE staff_accounts SET password_hash = $2, totp_secret = pending_totp_secret, totp_last_step = $3,
                  pending_totp_secret = NULL, enrol_token_hash = NULL, enrol_expires_at = NULL, enrolled_at = now(),
                  last_sign_in_at = now(), failed_logins = 0, locked_until = NULL
            WHERE id = $1 AND enrol_token_hash = $4 RETURNING id`,
          [probe.id, passwordHash, step, hashToken(input.token)],
        );
        if (!rows[0]) throw badRequest(STAFF_MESSAGES.enrolLinkBad, { code: 'EnrolLinkBad' });
        await tx.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [probe.id]);
        for (const code of recoveryCodes) {
          await tx.query('INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES ($1, $2)', [
            probe.id,
            recoveryCodeHash(code),
          ]);
        }
        return createStaffSession(tx, probe.id, 'password');
      });
      return { recoveryCodes, sessionToken, message: STAFF_MESSAGES.enrolled };
    },

    /**
     * Password and a current authenticator code (or a recovery code): the second factor is not optional. Every
     * failure is one answer (which part was wrong is the audit log's, not the caller's) and counts toward the same
     * lockout as applicants' logins (identity/loginBackoff.ts), shared by every instance.
     */
    async signIn(input: { email: string; password: string; code: string }, from: Omit<AuditContext, 'actor'>) {
      const email = normaliseEmail(input.email);
      const failed = async (detail: string, error: AppError = badRequest(STAFF_MESSAGES.badSignIn)) => {
        await gate.log.append({ ...from, actor: email.slice(0, 254), action: 'sign-in-failed', detail });
        return error;
      };
      const account = await findByEmail(gate.own, email);
      if (!account || !account.password_hash || !account.totp_secret) {
        await verifyPassword(input.password, await dummyPasswordHash());
        throw await failed(account ? 'not enrolled' : 'no such staff account');
      }
      const attempt = await claimLoginAttempt(gate.own, 'staff_accounts', account.id);
      if (attempt.locked) {
        throw await failed('locked', tooMany(`${lockedMessage(attempt.until)}.`));
      }
      if (!(await verifyPassword(input.password, account.password_hash))) throw await failed('wrong password');
      const step = totpStep(account.totp_secret, input.code);
      let recoveryUsed = false;
      if (step !== null) {
        // Claimed atomically: a code works once, even when sent twice at the same moment.
        const { rows } = await gate.own.query(
          'UPDATE staff_accounts SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2 RETURNING id',
          [account.id, step],
        );
        if (!rows[0]) throw await failed('authenticator code already used');
      } else {
        const hash = recoveryCodeHash(input.code);
        const { rows } = hash
          ? await gate.own.query(
              `UPDATE staff_recovery_codes SET used_at = now()
                WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING staff_id`,
              [account.id, hash],
            )
          : { rows: [] };
        if (!rows[0]) throw await failed('wrong authenticator code');
        recoveryUsed = true;
      }
      return signedIn(account, 'password', from, recoveryUsed ? 'with a recovery code' : 'with password and code');
    },

    /** Audits a single sign-on the protocol refused (an ssoRefused() error): ssoSignIn audits its own refusals. */
    ssoRefusal: (error: AppError, from: Omit<AuditContext, 'actor'>) =>
      auditSsoRefusal(from, {
        email: String(error.extra?.email ?? ''),
        reason: String(error.extra?.reason ?? error.code ?? 'refused'),
      }),

    /**
     * Single sign-on: the provider proved who it is. An account bound to this (issuer, subject) signs in, whatever
     * the email says now. Otherwise the provider's email, vouched for, must be an invited account's (nobody
     * provisions themselves) that is not bound to another identity: it is bound now. Every refusal is audited with
     * why; the caller sends its code to the sign-in page.
     */
    async ssoSignIn(identity: SsoIdentity, from: Omit<AuditContext, 'actor'>) {
      const email = normaliseEmail(identity.email).slice(0, 254);
      const refuse = async (error: AppError, reason: string) => {
        await auditSsoRefusal(from, {
          email,
          reason,
          target: `${identity.issuer} ${identity.subject}`,
          detail: identity.detail,
        });
        return error;
      };
      const { rows: bound } = await gate.own.query<AccountRow>(
        `SELECT ${ACCOUNT_COLUMNS} FROM staff_accounts WHERE sso_issuer = $1 AND sso_subject = $2`,
        [identity.issuer, identity.subject],
      );
      if (bound[0]) return signedIn(bound[0], 'sso', from, `sso: ${identity.detail}`);
      if (!email) {
        throw await refuse(new AppError(403, STAFF_MESSAGES.ssoUnknown, 'SsoUnknown'), 'no email from the provider');
      }
      if (!identity.emailTrusted) {
        throw await refuse(new AppError(403, STAFF_MESSAGES.ssoUnverified, 'SsoUnverified'), 'email not verified');
      }
      const account = await findByEmail(gate.own, email);
      if (!account) {
        throw await refuse(new AppError(403, STAFF_MESSAGES.ssoUnknown, 'SsoUnknown'), 'no staff account');
      }
      if (account.sso_subject) {
        throw await refuse(
          new AppError(403, STAFF_MESSAGES.ssoBoundElsewhere, 'SsoBoundElsewhere'),
          `account linked to ${account.sso_issuer} ${account.sso_subject}`,
        );
      }
      // Claimed atomically: of two first sign-ins at once, one binds.
      const { rows: claimed } = await gate.own.query(
        `UPDATE staff_accounts SET sso_issuer = $2, sso_subject = $3, sso_bound_at = now()
          WHERE id = $1 AND sso_subject IS NULL RETURNING id`,
        [account.id, identity.issuer, identity.subject],
      );
      if (!claimed[0]) {
        throw await refuse(
          new AppError(403, STAFF_MESSAGES.ssoBoundElsewhere, 'SsoBoundElsewhere'),
          'account linked meanwhile',
        );
      }
      return signedIn(
        account,
        'sso',
        from,
        `sso: ${identity.detail}, linked to ${identity.issuer} ${identity.subject}`,
      );
    },
  };

  /**
   * The one audit row of a refused single sign-on (`sign-in-failed`, "sso: <how they signed in>, <why>"), whatever
   * refused it: the protocol (its route, through `ssoRefusal`) or the account match (ssoSignIn).
   */
  async function auditSsoRefusal(
    from: Omit<AuditContext, 'actor'>,
    refusal: { email: string; reason: string; target?: string; detail?: string },
  ) {
    await gate.log.append({
      ...from,
      actor: normaliseEmail(refusal.email).slice(0, 254) || 'anonymous',
      action: 'sign-in-failed',
      ...(refusal.target ? { target: refusal.target.slice(0, 500) } : {}),
      detail: `sso: ${refusal.detail ? `${refusal.detail}, ` : ''}${refusal.reason}`,
    });
  }

  async function signedIn(
    account: AccountRow,
    via: 'password' | 'sso',
    from: Omit<AuditContext, 'actor'>,
    detail: string,
  ) {
    const token = await gate.changed({ ...from, actor: account.email, action: 'sign-in', detail }, async (tx) => {
      await clearLoginFailures(tx, 'staff_accounts', account.id);
      await tx.query('UPDATE staff_accounts SET last_sign_in_at = now() WHERE id = $1', [account.id]);
      return createStaffSession(tx, account.id, via);
    });
    return { token, email: account.email, role: account.role };
  }

  async function findAccount(tx: Queryable, by: { email?: string; id?: string }): Promise<AccountRow> {
    const { rows } = by.id
      ? await tx.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_accounts WHERE id = $1 FOR UPDATE`, [by.id])
      : await tx.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_accounts WHERE email = $1 FOR UPDATE`, [
          normaliseEmail(by.email ?? ''),
        ]);
    if (!rows[0]) throw notFound(STAFF_MESSAGES.staffMissing);
    return rows[0];
  }
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
