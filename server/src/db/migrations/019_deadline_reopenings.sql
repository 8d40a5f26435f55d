-- The application deadline (APPLICATION_DEADLINE) closes Submit for everyone; staff with deadline-reopen reopen it for
-- one applicant until a time they choose (server/src/deadline/, docs/staff.md). One row per applicant whose Submit is
-- reopened: a new reopening replaces it, a withdrawal deletes it (the audit log keeps each). In the database, so every
-- instance's submit reads the same.
CREATE TABLE deadline_reopenings (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  until timestamptz NOT NULL,
  reopened_by text NOT NULL,
  reopened_at timestamptz NOT NULL DEFAULT now()
);
