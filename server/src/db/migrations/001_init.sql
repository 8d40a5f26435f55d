-- Accounts. username is the applicant's email, stored lower-case.
CREATE TABLE users (
  id bigserial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  confirmed_at timestamptz,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Single-use codes: purpose 'confirm' (6 digits, 24 h) or 'reset' (random id, 1 h). Only hashes are stored.
CREATE TABLE one_time_codes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('confirm', 'reset')),
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_codes_user ON one_time_codes (user_id, purpose);

-- Counted events for per-account limits (confirm attempts, resends, reset attempts, forgot mails).
CREATE TABLE rate_events (
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_lookup ON rate_events (user_id, kind, at);

-- Server-side sessions; the cookie holds a random id, the table its SHA-256.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE successful_logins (
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX successful_logins_user ON successful_logins (user_id, at);

-- One application per applicant. version counts saves of the answer map.
CREATE TABLE applications (
  user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  answer jsonb NOT NULL DEFAULT '{}'::jsonb,
  version integer NOT NULL DEFAULT 0,
  last_page text,
  add_another jsonb NOT NULL DEFAULT '{}'::jsonb,
  tabs jsonb NOT NULL DEFAULT '{}'::jsonb,
  submitted_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE web_statuses (
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  web_status text NOT NULL CHECK (web_status IN ('started', 'validating', 'submitted')),
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, web_status)
);

-- Validation errors the applicant saw, kept with a time for staff.
CREATE TABLE validations (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  errors jsonb NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX validations_user ON validations (user_id, at);

-- Links: 'service' tokens open one applicant read-only; 'public' tokens carry a saved application.
CREATE TABLE access_tokens (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('service', 'public')),
  user_id bigint REFERENCES users(id) ON DELETE CASCADE,
  answer jsonb,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'service' AND user_id IS NOT NULL) OR (kind = 'public' AND answer IS NOT NULL))
);

-- Look-up data (schools, colleges, addresses), imported from CSV.
CREATE TABLE lookup_entries (
  category text NOT NULL CHECK (category IN ('college_ceeb', 'hs_ceeb', 'address')),
  id text NOT NULL,
  text text NOT NULL,
  search text NOT NULL,
  sub_text text NOT NULL DEFAULT '',
  detail jsonb NOT NULL,
  PRIMARY KEY (category, id)
);
CREATE INDEX lookup_entries_search ON lookup_entries (category, search text_pattern_ops);
