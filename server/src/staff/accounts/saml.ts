import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import {
  SAML,
  SamlStatusError,
  ValidateInResponseTo,
  generateServiceProviderMetadata,
  type CacheProvider,
  type Profile,
} from '@node-saml/node-saml';
import { parseDomFromString, xpath } from '@node-saml/node-saml/lib/xml';
import type { StaffSamlConfig } from '../../config';
import { STAFF_MESSAGES } from '../../../../src/kernel/staff/messages';
import { STAFF_API } from '../../../../src/kernel/staff/paths';
import type { Queryable } from '../audit/gate';
import { hashToken, randomToken } from '../../identity/tokens';
import { ssoRefused, type SsoIdentity } from './service';

/** This service provider's addresses under PUBLIC_URL: its entity id is its metadata's URL, as is usual. */
export const SAML_PATHS = {
  start: `${STAFF_API}/saml/start`,
  acs: `${STAFF_API}/saml/acs`,
  /** The same-site GET the ACS hands over to, which the browser's flow cookie reaches (login CSRF: see 015). */
  finish: `${STAFF_API}/saml/finish`,
  metadata: `${STAFF_API}/saml/metadata`,
} as const;

/** The REFEDS MFA profile: the AuthnContextClassRef a campus IdP gives a sign-in with a second factor. */
export const REFEDS_MFA = 'https://refeds.org/profile/mfa';
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const EPPN = 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6';
const MAIL = 'urn:oid:0.9.2342.19200300.100.1.3';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** A sign-in at the identity provider must come back within this. */
export const SAML_REQUEST_TTL_MS = 10 * 60_000;
/** Clocks of the IdP and this server may differ by this much (Shibboleth's SPs allow 180 s too). */
const CLOCK_SKEW_MS = 3 * 60_000;
/** Metadata from a URL is read again after this (a federation rotates keys with notice; its files say validUntil). */
const METADATA_MAX_AGE_MS = 6 * 3_600_000;
const METADATA_TIMEOUT_MS = 10_000;

export interface IdpMetadata {
  entityId: string;
  /** SingleSignOnService, HTTP-Redirect binding. */
  ssoUrl: string;
  /** Its signing certificates (base64 DER), any of which may sign an assertion (a key rollover lists two). */
  certs: string[];
}

/**
 * The identity provider's part of SAML metadata: one EntityDescriptor with an IDPSSODescriptor, or the one named
 * `entityId` among a federation's (InCommon's aggregate lists thousands). Expired metadata (validUntil) is refused.
 */
export async function parseIdpMetadata(xml: string, entityId?: string): Promise<IdpMetadata> {
  const doc = await parseDomFromString(xml);
  const now = Date.now();
  const expired = (element: Element) => {
    const validUntil = element.getAttribute('validUntil');
    return Boolean(validUntil) && Date.parse(validUntil!) <= now;
  };
  if (expired(doc.documentElement)) throw new Error('the metadata has expired (validUntil)');
  const idps = xpath.selectElements(doc, "//*[local-name()='EntityDescriptor'][*[local-name()='IDPSSODescriptor']]");
  const chosen = entityId ? idps.filter((e) => e.getAttribute('entityID') === entityId) : idps;
  if (chosen.length !== 1) {
    throw new Error(
      entityId
        ? `the metadata has no identity provider ${entityId}`
        : `the metadata has ${idps.length} identity providers: set STAFF_SAML_IDP_ENTITY_ID`,
    );
  }
  const entity = chosen[0];
  if (expired(entity)) throw new Error('the identity provider metadata has expired (validUntil)');
  const descriptor = "*[local-name()='IDPSSODescriptor']";
  const certs = xpath
    .selectElements(
      entity,
      `${descriptor}/*[local-name()='KeyDescriptor'][not(@use) or @use='signing']//*[local-name()='X509Certificate']`,
    )
    .map((element) => (element.textContent ?? '').replace(/\s+/g, ''))
    .filter(Boolean);
  const sso = xpath
    .selectElements(entity, `${descriptor}/*[local-name()='SingleSignOnService']`)
    .find((element) => element.getAttribute('Binding') === REDIRECT_BINDING);
  if (!certs.length) throw new Error('the identity provider metadata has no signing certificate');
  if (!sso?.getAttribute('Location')) throw new Error('the identity provider has no HTTP-Redirect sign-in service');
  return { entityId: entity.getAttribute('entityID')!, ssoUrl: sso.getAttribute('Location')!, certs };
}

/**
 * A refused SAML sign-in (accounts' ssoRefused: its code goes to the sign-in page, its reason and the email, if the
 * signed assertion gave one, to the audit log).
 */
export const samlRefused = (code: 'SsoFailed' | 'SsoNoMfa', reason: string, email = '') =>
  code === 'SsoNoMfa'
    ? ssoRefused(403, STAFF_MESSAGES.ssoNoMfa, code, reason, email)
    : ssoRefused(400, STAFF_MESSAGES.ssoFailed, code, reason, email);

/** What one call (a start or an answer) tells node-saml's cache of request ids, and learns from it. */
interface Flow {
  requestId?: string;
  returnTo?: string;
  /** The start's: the hash of the browser's flow cookie. */
  browserHash?: string;
  /** What the store found for the answer's InResponseTo, for the audit log's reason. */
  found?: 'unknown' | 'used' | 'expired';
  /** This call marked the request answered (so no other answer may use it). */
  claimed?: { returnTo: string; requestId: string };
}

type XmlNode = Record<string, unknown> & { $?: Record<string, string>; _?: string };
const children = (node: unknown, name: string): XmlNode[] => {
  const value = (node as Record<string, unknown> | undefined)?.[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
};
/** An attribute's first value as text (node-saml gives one value as is, several as an array). */
const firstText = (value: unknown): string => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim() : '';
};

/** Why node-saml refused an answer, in the audit log's words. */
function reasonOf(error: unknown, flow: Flow): string {
  if (error instanceof SamlStatusError) return `the identity provider did not sign them in (${error.message})`;
  const message = error instanceof Error ? error.message : String(error);
  if (/InResponseTo is not valid|SubjectInResponseTo is not valid/.test(message)) {
    if (flow.found === 'used') return 'replayed: the request it answers was already answered';
    if (flow.found === 'expired') return 'the request it answers has expired';
    return 'InResponseTo names no request of this service provider';
  }
  if (/InResponseTo is missing/.test(message)) return 'unsolicited: no InResponseTo (IdP-initiated sign-in is refused)';
  if (/InResponseTo does not match/.test(message)) return 'the assertion answers another request than the response';
  if (/signature/i.test(message)) return `not signed by the identity provider, or altered (${message})`;
  if (/No valid subject confirmation|expired/.test(message)) return `expired: NotOnOrAfter has passed (${message})`;
  if (/not yet valid/.test(message)) return 'not yet valid (NotBefore)';
  if (/audience|AudienceRestriction/i.test(message)) return `wrong audience: not this service provider (${message})`;
  return message.slice(0, 300);
}

/**
 * The staff's SAML 2.0 sign-in (Web Browser SSO, @node-saml/node-saml): AuthnRequests over HTTP-Redirect, signed
 * with this service provider's key; answers over HTTP-POST, whose assertion must be signed by the identity provider
 * (a signed response alone is not enough), for this audience and this ACS URL (Recipient), within NotOnOrAfter, and
 * in response to a request this server sent and nobody answered yet (InResponseTo, kept in the database so any
 * instance may receive the answer). An accepted assertion's ID is kept until it expires, so it is never taken twice.
 */
export function createStaffSaml(config: StaffSamlConfig, deps: { db: Queryable; publicUrl: string }) {
  const { db } = deps;
  const spEntityId = `${deps.publicUrl}${SAML_PATHS.metadata}`;
  const acsUrl = `${deps.publicUrl}${SAML_PATHS.acs}`;
  const flows = new AsyncLocalStorage<Flow>();

  /** node-saml's store of outstanding request ids (InResponseTo), on the database. */
  const requestStore: CacheProvider = {
    async saveAsync(id, instant) {
      const flow = flows.getStore();
      await db.query(
        `INSERT INTO staff_saml_requests (id, return_to, browser_hash, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $4::timestamptz + $5::float8 * interval '1 millisecond')`,
        [id, flow?.returnTo ?? '/staff', flow?.browserHash ?? '', instant, SAML_REQUEST_TTL_MS],
      );
      return { value: instant, createdAt: Date.parse(instant) };
    },
    async getAsync(id) {
      const flow = flows.getStore();
      const { rows } = await db.query<{ created_at: Date; used: boolean; expired: boolean }>(
        `SELECT created_at, used_at IS NOT NULL AS used, expires_at <= now() AS expired
           FROM staff_saml_requests WHERE id = $1`,
        [id],
      );
      const row = rows[0];
      if (!row || row.used || row.expired) {
        if (flow) flow.found = !row ? 'unknown' : row.used ? 'used' : 'expired';
        return null;
      }
      return new Date(row.created_at).toISOString();
    },
    // node-saml calls this when an answer names the request, accepted or not: it is answered once.
    async removeAsync(id) {
      if (!id) return null;
      const flow = flows.getStore();
      const { rows } = await db.query<{ return_to: string }>(
        'UPDATE staff_saml_requests SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING return_to',
        [id],
      );
      if (rows[0] && flow) flow.claimed = { returnTo: rows[0].return_to, requestId: id };
      return rows[0] ? id : null;
    },
  };

  let current: { metadata: IdpMetadata; saml: SAML; loadedAt: number } | undefined;
  let loading: Promise<NonNullable<typeof current>> | undefined;

  async function readMetadata(): Promise<string> {
    if ('file' in config.metadata) return fs.readFile(config.metadata.file, 'utf8');
    const response = await fetch(config.metadata.url, { signal: AbortSignal.timeout(METADATA_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`the metadata URL answered ${response.status}`);
    return response.text();
  }

  async function load() {
    const metadata = await parseIdpMetadata(await readMetadata(), config.idpEntityId);
    const saml = new SAML({
      entryPoint: metadata.ssoUrl,
      issuer: spEntityId,
      callbackUrl: acsUrl,
      audience: spEntityId,
      idpCert: metadata.certs,
      idpIssuer: metadata.entityId,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      privateKey: config.spKey,
      decryptionPvk: config.spKey,
      signatureAlgorithm: 'sha256',
      // No NameIDPolicy format: an IdP that does not release a persistent id would refuse the request; the
      // eduPersonPrincipalName attribute then names the person.
      identifierFormat: null,
      // MFA required: ask for REFEDS MFA; otherwise ask for nothing, and the IdP signs in as it usually does.
      disableRequestedAuthnContext: !config.requireMfa,
      authnContext: [REFEDS_MFA],
      racComparison: 'exact',
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
      cacheProvider: requestStore,
      generateUniqueId: () => flows.getStore()?.requestId ?? `_${crypto.randomBytes(20).toString('hex')}`,
    });
    current = { metadata, saml, loadedAt: Date.now() };
    return current;
  }

  /** The identity provider's metadata, read on first use and again when old; a failed read keeps the last one. */
  async function provider() {
    const stale = !current || ('url' in config.metadata && Date.now() - current.loadedAt > METADATA_MAX_AGE_MS);
    if (!stale) return current!;
    loading ??= load().finally(() => (loading = undefined));
    try {
      return await loading;
    } catch (error) {
      if (current) return current;
      throw error;
    }
  }

  async function purgeExpired() {
    await db.query('DELETE FROM staff_saml_requests WHERE expires_at < now()');
    await db.query(
      `DELETE FROM staff_saml_assertions WHERE not_on_or_after < now() - $1::float8 * interval '1 millisecond'`,
      [CLOCK_SKEW_MS],
    );
  }

  /** Checks node-saml leaves to its caller: the issuer, the Recipient, replay, MFA, and who it is. */
  async function accept(profile: Profile, flow: Flow, idp: IdpMetadata) {
    const email = firstText(profile.mail ?? profile[MAIL]);
    const refuse = (reason: string, code: 'SsoFailed' | 'SsoNoMfa' = 'SsoFailed') => samlRefused(code, reason, email);
    if (profile.issuer !== idp.entityId) throw refuse(`issuer ${profile.issuer} is not ${idp.entityId}`);
    // The signed assertion as node-saml parsed it (xml2js, prefixes stripped).
    const node = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion ?? {};
    const confirmations = children(children(node, 'Subject')[0], 'SubjectConfirmation');
    const data = confirmations.map((c) => children(c, 'SubjectConfirmationData')[0]?.$ ?? {});
    if (!data.some((d) => d.Recipient === acsUrl)) {
      throw refuse(`the assertion's Recipient is not this ACS URL (${data.map((d) => d.Recipient).join(', ')})`);
    }
    // node-saml marks the request answered when the assertion names it too; otherwise it is claimed here.
    if (!flow.claimed && profile.inResponseTo) await requestStore.removeAsync(String(profile.inResponseTo));
    if (!flow.claimed) throw refuse('replayed: the request it answers was answered meanwhile');
    const id = node.$?.ID;
    const conditions = children(node, 'Conditions')[0]?.$ ?? {};
    const notOnOrAfter = conditions.NotOnOrAfter ?? data.find((d) => d.NotOnOrAfter)?.NotOnOrAfter;
    if (!id) throw refuse('the assertion has no ID');
    const { rows: fresh } = await db.query(
      `INSERT INTO staff_saml_assertions (issuer, id, not_on_or_after)
       VALUES ($1, $2, COALESCE($3::timestamptz, now() + $4::float8 * interval '1 millisecond'))
       ON CONFLICT DO NOTHING RETURNING id`,
      [idp.entityId, id, notOnOrAfter ?? null, SAML_REQUEST_TTL_MS],
    );
    if (!fresh[0]) throw refuse(`replayed: assertion ${id} was already used`);
    const authnContext =
      children(children(children(node, 'AuthnStatement')[0], 'AuthnContext')[0], 'AuthnContextClassRef')[0]?._ ?? '';
    const persistent = profile.nameIDFormat === PERSISTENT && Boolean(profile.nameID);
    const eppn = firstText(profile[EPPN]);
    const detail = `saml authn=${authnContext || '-'} id=${persistent ? 'persistent NameID' : eppn ? 'eppn' : '-'}`;
    if (config.requireMfa && authnContext.trim() !== REFEDS_MFA) throw refuse(`without MFA: ${detail}`, 'SsoNoMfa');
    const subject = persistent ? profile.nameID : eppn;
    if (!subject) {
      throw refuse(`neither a persistent NameID nor eduPersonPrincipalName was released (${profile.nameIDFormat})`);
    }
    const identity: SsoIdentity = { issuer: idp.entityId, subject, email, emailTrusted: true, detail };
    return { identity, requestId: flow.claimed.requestId };
  }

  return {
    name: config.name,
    spEntityId,
    acsUrl,

    /** The service provider's metadata (what the IdP registers: entity id, ACS URL, certificate). */
    metadata(): string {
      return generateServiceProviderMetadata({
        issuer: spEntityId,
        callbackUrl: acsUrl,
        identifierFormat: PERSISTENT,
        wantAssertionsSigned: true,
        decryptionCert: config.spCert,
        decryptionPvk: config.spKey,
        publicCerts: config.spCert,
        privateKey: config.spKey,
      });
    },

    /**
     * The identity provider's sign-in URL for a new AuthnRequest, whose id is kept with the page to land on, and the
     * random id the browser's flow cookie holds (only its hash is kept: see handOver).
     */
    async start(returnTo: string): Promise<{ url: string; browserKey: string }> {
      const { saml } = await provider();
      await purgeExpired();
      const browserKey = randomToken();
      const flow: Flow = {
        requestId: `_${crypto.randomBytes(20).toString('hex')}`,
        returnTo,
        browserHash: hashToken(browserKey),
      };
      const url = await flows.run(flow, () => saml.getAuthorizeUrlAsync('', undefined, {}));
      return { url, browserKey };
    },

    /**
     * The ACS's checked identity, kept with its request for the same-site GET that follows (finish route): the
     * IdP's cross-site POST cannot carry the flow cookie, that GET can. Returns the single-use ticket it goes with.
     */
    async handOver(requestId: string, identity: SsoIdentity): Promise<string> {
      const ticket = randomToken();
      await db.query('UPDATE staff_saml_requests SET ticket_hash = $2, identity = $3 WHERE id = $1', [
        requestId,
        hashToken(ticket),
        JSON.stringify(identity),
      ]);
      return ticket;
    },

    /**
     * The hand-over, once, to the browser that started the sign-in (its flow cookie), within the request's life.
     * Another browser (a link or form an attacker made it follow) is refused: login CSRF.
     */
    async collect(
      ticket: unknown,
      browserKey: string | undefined,
    ): Promise<{ identity: SsoIdentity; returnTo: string }> {
      if (typeof ticket !== 'string' || !ticket || ticket.length > 200) {
        throw samlRefused('SsoFailed', 'the sign-in came back without its hand-over');
      }
      const { rows } = await db.query<{ browser_hash: string; identity: SsoIdentity | string; return_to: string }>(
        `UPDATE staff_saml_requests SET finished_at = now()
          WHERE ticket_hash = $1 AND finished_at IS NULL AND expires_at > now()
          RETURNING browser_hash, identity, return_to`,
        [hashToken(ticket)],
      );
      const row = rows[0];
      if (!row) throw samlRefused('SsoFailed', 'the hand-over is unknown, already used or expired');
      // PGlite answers jsonb parsed; node-postgres too, but a text column would not be: either way an object.
      const identity = typeof row.identity === 'string' ? (JSON.parse(row.identity) as SsoIdentity) : row.identity;
      if (!browserKey || hashToken(browserKey) !== row.browser_hash) {
        throw samlRefused('SsoFailed', 'came back in another browser than the one that started it', identity.email);
      }
      return { identity, returnTo: row.return_to };
    },

    /** Checks the identity provider's answer (the ACS's SAMLResponse) and returns who signed in, and where to. */
    async finish(samlResponse: unknown): Promise<{ identity: SsoIdentity; requestId: string }> {
      if (typeof samlResponse !== 'string' || !samlResponse) throw samlRefused('SsoFailed', 'no SAMLResponse');
      let idp: Awaited<ReturnType<typeof provider>>;
      try {
        idp = await provider();
      } catch (error) {
        throw samlRefused('SsoFailed', `the identity provider's metadata could not be read: ${String(error)}`);
      }
      const flow: Flow = {};
      return flows.run(flow, async () => {
        let profile: Profile | null;
        try {
          ({ profile } = await idp.saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
        } catch (error) {
          throw samlRefused('SsoFailed', reasonOf(error, flow));
        }
        if (!profile) throw samlRefused('SsoFailed', 'the identity provider signed nobody in');
        return accept(profile, flow, idp.metadata);
      });
    },
  };
}

export type StaffSaml = ReturnType<typeof createStaffSaml>;
