-- Staff accounts, apart from applicants (users). email is stored lower-case. A local account enrols from a mailed
-- single-use link (enrol_token_hash, 24 h): a password and a TOTP authenticator; an account may instead sign in by
-- the college's single sign-on, matched by email (an admin adds it first: no self-provisioning).
CREATE TABLE staff_accounts (
  id bigserial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  role text NOT NULL CHECK (role IN ('reader', 'admin')),
  password_hash text,
  totp_secret text,
  -- The last TOTP time step accepted: a code works once (RFC 6238 §5.2).
  totp_last_step bigint NOT NULL DEFAULT 0,
  enrol_token_hash text UNIQUE,
  enrol_expires_at timestamptz,
  -- The authenticator key shown during enrolment, kept until a code from it is entered.
  pending_totp_secret text,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  enrolled_at timestamptz,
  last_sign_in_at timestamptz
);

-- Ten single-use recovery codes per enrolled account; only their hashes.
CREATE TABLE staff_recovery_codes (
  staff_id bigint NOT NULL REFERENCES staff_accounts(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (staff_id, code_hash)
);

-- Staff sessions, apart from the applicants' (their own cookie); the cookie holds a random id, this its SHA-256.
CREATE TABLE staff_sessions (
  id_hash text PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff_accounts(id) ON DELETE CASCADE,
  via text NOT NULL CHECK (via IN ('password', 'sso')),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- A single sign-on in progress: the browser holds a random id in a cookie; state, nonce and the PKCE verifier
-- stay here (any instance may receive the callback).
CREATE TABLE staff_sso_flows (
  id_hash text PRIMARY KEY,
  state text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The audit log: every staff read and action, every service-token use, every admin call. Append-only: each row's
-- hash covers its contents and the previous row's hash, so `admin audit verify` finds a changed or removed row;
-- the trigger below refuses UPDATE, DELETE and TRUNCATE.
CREATE TABLE audit_log (
  id bigint PRIMARY KEY,
  at timestamptz NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  target text NOT NULL DEFAULT '',
  detail text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  prev_hash text NOT NULL,
  hash text NOT NULL
);
CREATE SEQUENCE audit_log_id_seq OWNED BY audit_log.id;
CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_actor ON audit_log (actor, id);
CREATE INDEX audit_log_action ON audit_log (action, id);
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
