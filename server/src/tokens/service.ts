import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import { hashToken, randomToken } from '../identity/tokens';
import { normaliseEmail } from '../../../src/kernel/auth/rules';
import { documentAnswersOf } from '../documents/service';
import type { AnswerMap } from '../../../src/kernel/form/requiredAnswers';
import { printViewApplication } from '../applications/table';

const DAY = 86_400_000;

/** A service token's use, told to the caller before any of the applicant's data is read (the audit log). */
export interface ServiceTokenUse {
  tokenId: string;
  applicantId: string;
  /** What it opened: the answers, or a document's question key. */
  what: string;
}
export type OnServiceTokenUse = (use: ServiceTokenUse) => Promise<void>;
export const TOKEN_DEFAULT_DAYS = { service: 7, public: 30 } as const;
export const LINK_INVALID = 'This link is invalid or has expired.';

/**
 * Service tokens (staff open one applicant read-only) and public links (a saved application a visitor can
 * load). Tokens have 256 random bits, only their hash is stored, they expire and can be revoked.
 */
export function createTokenService(db: Db) {
  async function findValid(token: string, kind: 'service' | 'public') {
    const { rows } = await db.query<{ id: string; user_id: string | null; answer: AnswerMap | null }>(
      `SELECT id, user_id, answer FROM access_tokens
        WHERE token_hash = $1 AND kind = $2 AND revoked_at IS NULL AND expires_at > now()`,
      [hashToken(token), kind],
    );
    if (!rows[0]) throw notFound(LINK_INVALID);
    return rows[0];
  }

  return {
    async createServiceToken(username: string, days: number = TOKEN_DEFAULT_DAYS.service) {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [
        normaliseEmail(username),
      ]);
      if (!rows[0]) throw new Error(`No applicant with the username ${username}`);
      const token = randomToken();
      const inserted = await db.query<{ id: string }>(
        `INSERT INTO access_tokens (token_hash, kind, user_id, expires_at) VALUES ($1, 'service', $2, $3)
         RETURNING id::text AS id`,
        [hashToken(token), rows[0].id, new Date(Date.now() + days * DAY)],
      );
      return { token, id: inserted.rows[0].id, applicantId: String(rows[0].id) };
    },

    async createPublicLink(answer: AnswerMap, days: number = TOKEN_DEFAULT_DAYS.public) {
      const token = randomToken();
      const inserted = await db.query<{ id: string }>(
        `INSERT INTO access_tokens (token_hash, kind, answer, expires_at) VALUES ($1, 'public', $2::jsonb, $3)
         RETURNING id::text AS id`,
        [hashToken(token), JSON.stringify(answer), new Date(Date.now() + days * DAY)],
      );
      return { token, id: inserted.rows[0].id };
    },

    /** The revoked token's id and kind, or null when no live token matched. */
    async revoke(token: string) {
      const { rows } = await db.query<{ id: string; kind: 'service' | 'public' }>(
        `UPDATE access_tokens SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL
         RETURNING id::text AS id, kind`,
        [hashToken(token)],
      );
      return rows[0] ?? null;
    },

    /** The ids of the tokens revoked. */
    async revokeAllFor(username: string) {
      const { rows } = await db.query<{ id: string }>(
        `UPDATE access_tokens SET revoked_at = now()
          WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE username = $1) RETURNING id::text AS id`,
        [normaliseEmail(username)],
      );
      return rows.map((row) => row.id);
    },

    async publicAnswers(token: string): Promise<AnswerMap> {
      return (await findValid(token, 'public')).answer ?? {};
    },

    /** The read-only bundle of SPEC §7 for one applicant; `onUse` (the audit log) hears of it first. */
    async printViewBundle(token: string, onUse: OnServiceTokenUse) {
      const { id, user_id } = await findValid(token, 'service');
      await onUse({ tokenId: String(id), applicantId: String(user_id), what: 'answers' });
      const row = await printViewApplication(db, user_id!);
      return {
        answer: row?.answer ?? {},
        add_another: row?.add_another ?? {},
        document_answer: await documentAnswersOf(db, user_id!),
        tabs: row?.tabs ?? {},
        // For the print view's header (not in SPEC §3's shape, which it extends): who, and where the application is.
        applicant: {
          username: row?.username ?? '',
          id: String(user_id),
          submitted_at: row?.submitted_at ? new Date(row.submitted_at).toISOString() : null,
          updated_at: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
        },
      };
    },

    /** The storage key of a converted document of the applicant a service token names, or 404. */
    async serviceDocument(
      token: string,
      answerKey: string,
      onUse: OnServiceTokenUse,
    ): Promise<{ pdfKey: string; fileName: string }> {
      const { id, user_id } = await findValid(token, 'service');
      await onUse({ tokenId: String(id), applicantId: String(user_id), what: `document ${answerKey}` });
      const { rows } = await db.query<{ pdf_key: string; file_name: string }>(
        'SELECT pdf_key, file_name FROM document_answers WHERE user_id = $1 AND answer_key = $2',
        [user_id, answerKey],
      );
      if (!rows[0]) throw notFound('This document is not part of the application.');
      return { pdfKey: rows[0].pdf_key, fileName: rows[0].file_name };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
