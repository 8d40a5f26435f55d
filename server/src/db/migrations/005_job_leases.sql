-- Conversion jobs are leased (documents/worker.ts): the worker converting a job renews lease_until; a job whose
-- lease lapsed (its instance crashed) is taken by another worker. retry_at holds a job back after a passing
-- failure (storage unreachable), so it is retried with back-off instead of at once.
ALTER TABLE conversion_jobs ADD COLUMN IF NOT EXISTS lease_until timestamptz;
ALTER TABLE conversion_jobs ADD COLUMN IF NOT EXISTS lease_owner text;
ALTER TABLE conversion_jobs ADD COLUMN IF NOT EXISTS retry_at timestamptz;
