import * as client from 'openid-client';
import type { StaffOidcConfig } from '../../config';
import { hashToken, randomToken } from '../../identity/tokens';
import { STAFF_MESSAGES } from '../../../../src/kernel/staff/messages';
import { safeStaffReturnTo } from '../../../../src/kernel/staff/paths';
import type { Queryable } from '../audit/gate';
import { ssoRefused, type SsoIdentity } from './service';

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

/** The audit log's words for why openid-client refused the provider's answer (its own messages are generic). */
function whyRefused(error: unknown): string {
  if (error instanceof client.AuthorizationResponseError) {
    return `the provider answered ${error.error}${error.error_description ? ` (${error.error_description})` : ''}`;
  }
  if (error instanceof client.ResponseBodyError) {
    // A PKCE verifier the provider does not accept, or a code used twice, is the provider's invalid_grant.
    return `token exchange failed: ${error.error}${error.error_description ? ` (${error.error_description})` : ''}`;
  }
  if (error instanceof client.ClientError) {
    const specific = error.cause instanceof Error ? error.cause.message : error.message;
    if (specific.includes('"state"')) return 'state mismatch';
    if (specific.includes('"nonce"')) return 'nonce mismatch';
    if (specific.includes('"sub"')) return 'UserInfo sub differs from the ID token';
    return specific;
  }
  if (error instanceof TypeError) return 'provider unreachable';
  return error instanceof Error ? error.message : String(error);
}

/** The protocol itself refused (before any account is looked at): the route audits `reason`. */
const failed = (reason: string) => ssoRefused(400, STAFF_MESSAGES.ssoFailed, 'SsoFailed', reason);

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

  /**
   * The email and whether it is verified: from the ID token, else from UserInfo (OIDC Core §5.4: in the code flow a
   * provider may give the scope's claims only there, as oidc-provider and Microsoft Entra ID do by default), whose
   * `sub` must be the ID token's (openid-client checks it).
   */
  async function emailClaims(configuration: client.Configuration, tokens: client.TokenEndpointResponse, sub: string) {
    let userInfo: client.UserInfoResponse;
    try {
      userInfo = await client.fetchUserInfo(configuration, tokens.access_token, sub);
    } catch (error) {
      const why = whyRefused(error);
      throw failed(why.startsWith('UserInfo') ? why : `UserInfo failed: ${why}`);
    }
    return { email: userInfo.email, email_verified: userInfo.email_verified };
  }

  return {
    /** Where to send the browser, and the id its flow cookie holds; `returnTo` is where to land once signed in. */
    async start(returnTo: unknown): Promise<{ url: string; flowId: string }> {
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
        'INSERT INTO staff_sso_flows (id_hash, state, nonce, code_verifier, return_to) VALUES ($1, $2, $3, $4, $5)',
        [hashToken(flowId), state, nonce, codeVerifier, safeStaffReturnTo(returnTo)],
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

    /**
     * Checks the provider's answer (state, PKCE, the ID token and its nonce, MFA) and returns who signed in and
     * where to go. Each refusal is an ssoRefused() error saying why, for the audit log (the route writes it).
     */
    async finish(callbackUrl: URL, flowId: string | undefined): Promise<{ identity: SsoIdentity; returnTo: string }> {
      if (!flowId) throw failed('no flow cookie (another browser, or cookies blocked)');
      // Single use: the flow is taken out as it is read.
      const { rows } = await deps.db.query<{
        state: string;
        nonce: string;
        code_verifier: string;
        return_to: string;
        expired: boolean;
      }>(
        `DELETE FROM staff_sso_flows WHERE id_hash = $1
         RETURNING state, nonce, code_verifier, return_to,
                   created_at <= now() - $2::float8 * interval '1 millisecond' AS expired`,
        [hashToken(flowId), SSO_FLOW_TTL_MS],
      );
      const flow = rows[0];
      if (!flow) throw failed('flow unknown or already used');
      if (flow.expired) throw failed('flow expired');
      const configuration = await provider().catch((error: unknown) => {
        throw failed(`discovery failed: ${whyRefused(error)}`);
      });
      let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
      try {
        tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw failed(whyRefused(error));
      }
      const claims = tokens.claims();
      if (!claims) throw failed('no ID token');
      const inIdToken = typeof claims.email === 'string';
      const fromEmail = inIdToken ? claims : await emailClaims(configuration, tokens, claims.sub);
      const email = typeof fromEmail.email === 'string' ? fromEmail.email : '';
      const amr = Array.isArray(claims.amr) ? claims.amr.join(',') : '';
      const detail =
        `amr=${amr || '-'} acr=${typeof claims.acr === 'string' ? claims.acr : '-'}` +
        (inIdToken ? '' : ', email from UserInfo');
      if (config.requireMfa && !showsMfa(claims as Record<string, unknown>, config.mfaAcrValues)) {
        throw ssoRefused(403, STAFF_MESSAGES.ssoNoMfa, 'SsoNoMfa', `${detail}, no MFA shown`, email);
      }
      return {
        identity: {
          issuer: claims.iss,
          subject: claims.sub,
          email,
          emailTrusted: fromEmail.email_verified === true || config.trustEmail,
          detail,
        },
        returnTo: safeStaffReturnTo(flow.return_to),
      };
    },
  };
}

export type StaffSso = ReturnType<typeof createStaffSso>;
