import * as client from 'openid-client';
import type { StaffOidcConfig } from '../../config';
import { hashToken, randomToken } from '../../identity/tokens';
import { AppError } from '../../http/errors';
import { STAFF_MESSAGES } from '../../../../src/kernel/staff/messages';
import type { Queryable } from '../audit/gate';
import type { SsoIdentity } from './service';

/** A sign-in at the provider must come back within this. */
export const SSO_FLOW_TTL_MS = 10 * 60_000;

/**
 * MFA shown by the ID token: amr (RFC 8176) lists "mfa" or at least two methods, or acr is one the college named
 * as multi-factor (STAFF_OIDC_MFA_ACR).
 */
export function showsMfa(claims: Record<string, unknown>, mfaAcrValues: string[]): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((m): m is string => typeof m === 'string') : [];
  if (amr.includes('mfa') || new Set(amr).size >= 2) return true;
  return typeof claims.acr === 'string' && mfaAcrValues.includes(claims.acr);
}

/**
 * The staff's single sign-on with the college's OpenID Connect provider (openid-client): discovery, the code flow
 * with PKCE, state and nonce. The flow's secrets wait in staff_sso_flows (any instance may get the callback); the
 * browser holds only a random id for them.
 */
export function createStaffSso(config: StaffOidcConfig, deps: { db: Queryable; redirectUri: string }) {
  let discovered: Promise<client.Configuration> | undefined;
  const provider = () => {
    // Discovered on first use, and again after a failure (the provider may be down when the server starts).
    discovered ??= client
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        // Only a provider on plain http (a test or development one) needs this; a real one is https.
        ...(config.issuer.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    /** Where to send the browser, and the id its flow cookie holds. */
    async start(): Promise<{ url: string; flowId: string }> {
      const configuration = await provider();
      const flowId = randomToken();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      await deps.db.query(
        `DELETE FROM staff_sso_flows WHERE created_at < now() - $1::float8 * interval '1 millisecond'`,
        [SSO_FLOW_TTL_MS],
      );
      await deps.db.query(
        'INSERT INTO staff_sso_flows (id_hash, state, nonce, code_verifier) VALUES ($1, $2, $3, $4)',
        [hashToken(flowId), state, nonce, codeVerifier],
      );
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: deps.redirectUri,
        scope: 'openid email',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, flowId };
    },

    /** Checks the provider's answer (state, PKCE, the ID token and its nonce) and returns who signed in. */
    async finish(callbackUrl: URL, flowId: string | undefined): Promise<SsoIdentity> {
      if (!flowId) throw new AppError(400, STAFF_MESSAGES.ssoFailed, 'SsoFailed');
      // Single use: the flow is taken out as it is read.
      const { rows } = await deps.db.query<{ state: string; nonce: string; code_verifier: string }>(
        `DELETE FROM staff_sso_flows WHERE id_hash = $1 AND created_at > now() - $2::float8 * interval '1 millisecond'
         RETURNING state, nonce, code_verifier`,
        [hashToken(flowId), SSO_FLOW_TTL_MS],
      );
      const flow = rows[0];
      if (!flow) throw new AppError(400, STAFF_MESSAGES.ssoFailed, 'SsoFailed');
      let claims: client.IDToken | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(await provider(), callbackUrl, {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch {
        throw new AppError(400, STAFF_MESSAGES.ssoFailed, 'SsoFailed');
      }
      if (!claims) throw new AppError(400, STAFF_MESSAGES.ssoFailed, 'SsoFailed');
      const email = typeof claims.email === 'string' ? claims.email : '';
      const amr = Array.isArray(claims.amr) ? claims.amr.join(',') : '';
      const detail = `amr=${amr || '-'} acr=${typeof claims.acr === 'string' ? claims.acr : '-'}`;
      if (config.requireMfa && !showsMfa(claims as Record<string, unknown>, config.mfaAcrValues)) {
        throw new AppError(403, STAFF_MESSAGES.ssoNoMfa, 'SsoNoMfa', { email, detail });
      }
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email,
        emailTrusted: claims.email_verified === true || config.trustEmail,
        detail,
      };
    },
  };
}

export type StaffSso = ReturnType<typeof createStaffSso>;
