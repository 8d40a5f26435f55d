-- The counselor's school report (docs/school-report.md): requests, the applicant's waiver records, the mails
-- about them (a durable job queue and the log the status page reads), and what staff mark as needed.

-- One row per request; a replaced or cancelled one stays (staff see the history), at most one is current.
CREATE TABLE school_report_requests (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  counselor_first_name text NOT NULL,
  counselor_last_name text NOT NULL,
  counselor_email text NOT NULL,
  -- SHA-256 (base64url) of the mailed link's token; NULL once the link is dead.
  token_hash text UNIQUE,
  state text NOT NULL CHECK (state IN ('requested', 'reminded', 'overdue', 'received', 'declined', 'bounced',
                                       'cancelled', 'waived')),
  state_at timestamptz NOT NULL DEFAULT now(),
  requested_at timestamptz NOT NULL DEFAULT now(),
  -- 'applicant', 'submit' or 'staff:<email>'.
  requested_by text NOT NULL,
  reminders_sent integer NOT NULL DEFAULT 0,
  manual_reminder_at timestamptz,
  received_at timestamptz,
  received_via text CHECK (received_via IN ('counselor', 'other_means')),
  declined_at timestamptz,
  decline_reason text,
  bounced_at timestamptz,
  bounce_reason text,
  cancelled_at timestamptz,
  cancelled_by text,
  replaced_by bigint REFERENCES school_report_requests(id),
  staff_note text,
  counselor_submitted_at timestamptz,
  recommendation_text text NOT NULL DEFAULT '',
  -- Whether the applicant's waiver was in force when the recommendation arrived (FERPA: a revocation counts for
  -- letters that arrive after it).
  recommendation_waived boolean,
  -- The link dies at the cycle's end (or 24 h after the counselor submits: read_only_until).
  link_expires_at timestamptz NOT NULL,
  -- The link's token is an HMAC of this nonce with the server's secret: reminders can carry the same link while
  -- only its hash is stored. NULL once the link is dead.
  link_nonce text,
  read_only_until timestamptz,
  current boolean NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX school_report_requests_current ON school_report_requests (user_id) WHERE current;
CREATE INDEX school_report_requests_user ON school_report_requests (user_id, id);

-- The applicant's waiver choices and revocations, each with the exact text shown and its version.
CREATE TABLE school_report_waivers (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  choice text NOT NULL CHECK (choice IN ('Y', 'N', 'revoked')),
  text text NOT NULL,
  version integer NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX school_report_waivers_user ON school_report_waivers (user_id, id);

-- Every mail about a request: queued (due_at: reminders are queued days ahead), leased by one instance's worker
-- (FOR UPDATE SKIP LOCKED, as receipt_jobs), then sent, bounced (a permanent refusal), failed or skipped (the
-- request no longer waits: a reminder after the report arrived).
CREATE TABLE school_report_mails (
  id bigserial PRIMARY KEY,
  request_id bigint NOT NULL REFERENCES school_report_requests(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('request', 'reminder', 'manual_reminder', 'link_ended', 'received',
                                     'declined', 'bounced')),
  to_address text NOT NULL,
  due_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'bounced', 'failed',
                                                          'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  retry_at timestamptz,
  lease_owner text,
  lease_until timestamptz,
  sent_at timestamptz,
  last_error text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX school_report_mails_due ON school_report_mails (due_at, id) WHERE status IN ('queued', 'sending');
CREATE INDEX school_report_mails_request ON school_report_mails (request_id, id);

-- What staff mark as still needed for an application (official test scores…), shown on the status page.
CREATE TABLE application_checklist_items (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  label text NOT NULL,
  done_at timestamptz,
  note text NOT NULL DEFAULT '',
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_checklist_items_user ON application_checklist_items (user_id, id);
