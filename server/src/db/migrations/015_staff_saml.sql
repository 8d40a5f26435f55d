-- SAML 2.0 sign-ins of staff (server/src/staff/accounts/saml.ts). Both live in the database, not in memory: the
-- identity provider's answer may reach any instance.

-- An AuthnRequest sent to the identity provider and not yet answered: its ID, which the answer must name in
-- InResponseTo (an answer to nothing this server asked is refused), and the console page to land on afterwards.
-- used_at is set when an answer (good or bad) names it: a request is answered once.
-- browser_hash: the SHA-256 of the random id in the browser's flow cookie (set by the start). The identity provider's
-- cross-site POST cannot carry that cookie, so the ACS hands the checked identity over (ticket_hash, identity) to a
-- same-site GET that can (SameSite=Lax), and that GET signs in only the browser that started: nobody can sign
-- someone else's browser in as themselves (login CSRF). finished_at: the hand-over was taken.
CREATE TABLE staff_saml_requests (
  id text PRIMARY KEY,
  return_to text NOT NULL,
  browser_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  ticket_hash text UNIQUE,
  identity jsonb,
  finished_at timestamptz
);
CREATE INDEX staff_saml_requests_expiry ON staff_saml_requests (expires_at);

-- The IDs of the assertions accepted, kept until their NotOnOrAfter has passed (after which the assertion is refused
-- as expired anyway): the same assertion posted again is refused as a replay.
CREATE TABLE staff_saml_assertions (
  issuer text NOT NULL,
  id text NOT NULL,
  not_on_or_after timestamptz NOT NULL,
  PRIMARY KEY (issuer, id)
);
CREATE INDEX staff_saml_assertions_expiry ON staff_saml_assertions (not_on_or_after);
