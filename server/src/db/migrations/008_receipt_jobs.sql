-- The submission's receipt is a job (mail/receiptJobs.ts), written in the submission's own transaction: a receipt
-- is queued exactly when a submission is recorded, survives a restart, and is sent once by whichever instance
-- leases it (lease_owner, lease_until, as conversion_jobs since 005). A failed try holds it back until retry_at;
-- after the last try it is 'failed' (logged), kept with its error for an operator.
CREATE TABLE receipt_jobs (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  to_address text NOT NULL,
  name text NOT NULL DEFAULT '',
  submitted_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  retry_at timestamptz,
  lease_owner text,
  lease_until timestamptz,
  last_error text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
-- The worker's claim looks only at jobs still to send.
CREATE INDEX receipt_jobs_waiting ON receipt_jobs (created_at, id) WHERE status IN ('queued', 'sending');
