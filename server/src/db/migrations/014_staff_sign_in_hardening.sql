-- Staff sign-in hardening. The lockout, by the email typed rather than by account (identity/loginBackoff.ts,
-- claimKeyedAttempt): key_hash is the SHA-256 of the normalised email, so an address with no staff account counts
-- and locks as one with an account, and every instance agrees. A row is forgotten a day after its last failure.
CREATE TABLE staff_sign_in_attempts (
  key_hash text PRIMARY KEY,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_sign_in_attempts_last_failed ON staff_sign_in_attempts (last_failed_at);

-- The check of the key the staff's authenticator secrets are encrypted under (staff/accounts/totpKey.ts): an HMAC
-- of a fixed text, written by the first start, so an instance given another key says so. Never the key itself.
CREATE TABLE staff_totp_key (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  key_check text NOT NULL
);
