/** The part of Auth0's samlp (no types of its own) that testing/samlIdp.ts uses. */
declare module 'samlp' {
  import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

  type Callback<T> = (error: unknown, value?: T) => void;
  interface ProfileMapper {
    (user: never): {
      getClaims(): Record<string, string>;
      getNameIdentifier(): { nameIdentifier: string; nameIdentifierFormat?: string };
    };
    prototype: { metadata?: { id: string; displayName: string }[] };
  }
  interface Credentials {
    issuer: string;
    cert: string;
    key: string;
  }
  export interface AuthnRequestData {
    issuer?: string;
    id?: string;
    assertionConsumerServiceURL?: string;
    requestedAuthnContext?: { authnContextClassRef?: string };
  }
  /** Express-like: samlp reads query, headers, protocol and originalUrl, and calls set and send. */
  type Request = {
    query?: Record<string, string>;
    headers?: IncomingHttpHeaders;
    protocol?: string;
    originalUrl?: string;
  };
  type Response = ServerResponse & { set(name: string, value: string): void; send(body: unknown): void };

  export function parseRequest(
    request: Request,
    options: { signingCert?: string; relayState?: string },
    callback: Callback<AuthnRequestData>,
  ): void;
  export function getSamlResponse(
    options: Credentials & {
      audience: string;
      recipient: string;
      destination?: string;
      inResponseTo?: string;
      lifetimeInSeconds?: number;
      authnContextClassRef?: string;
      signAssertion?: boolean;
      encryptionCert?: string;
      encryptionPublicKey?: string;
      profileMapper: ProfileMapper;
    },
    user: unknown,
    callback: Callback<string>,
  ): void;
  export function sendError(
    options: Credentials & {
      inResponseTo?: string;
      destination?: string;
      RelayState?: string;
      error: { description: string; code?: string };
      getPostURL(request: unknown, callback: (error: null, url: string) => void): void;
    },
  ): (request: Request, response: Response, next: () => void) => void;
  export function metadata(
    options: Pick<Credentials, 'issuer' | 'cert'> & {
      profileMapper?: ProfileMapper;
      redirectEndpointPath?: string;
      postEndpointPath?: string;
    },
  ): (request: Request, response: Response) => void;
}
