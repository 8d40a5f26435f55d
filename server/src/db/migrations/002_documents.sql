-- Documents issue: uploads, their conversion to PDF, and the PDF copy of the application.

-- Secrets the server generates once and keeps (the upload-policy key when UPLOAD_SECRET is unset).
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Storage keys handed out by POST /api/presigned-url: each belongs to one applicant and one answer key.
-- uploaded_at is set when the local upload endpoint stored a checked file (with S3 the bucket receives it).
CREATE TABLE upload_keys (
  storage_key text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  answer_key text NOT NULL,
  expires_at timestamptz NOT NULL,
  uploaded_at timestamptz,
  file_name text,
  file_size integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX upload_keys_user ON upload_keys (user_id, answer_key);
CREATE INDEX upload_keys_expiry ON upload_keys (expires_at);

-- One conversion per applicant and answer key (a new upload replaces it). The worker claims 'unprocessed'
-- jobs one at a time; a job left 'in_progress' by a crash goes back to 'unprocessed' at start-up.
CREATE TABLE conversion_jobs (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  answer_key text NOT NULL,
  file_key text NOT NULL,
  file_name text NOT NULL,
  status text NOT NULL DEFAULT 'unprocessed' CHECK (status IN ('unprocessed', 'in_progress', 'completed', 'failed')),
  message text NOT NULL DEFAULT '',
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  UNIQUE (user_id, answer_key)
);
CREATE INDEX conversion_jobs_queue ON conversion_jobs (status, created_at);

-- A converted document: the applicant's upload (source_key) and its PDF (pdf_key). The answer key is
-- 'ANSWERED' in the applicant's answer map while this row exists.
CREATE TABLE document_answers (
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  answer_key text NOT NULL,
  file_name text NOT NULL,
  file_size integer NOT NULL,
  source_key text NOT NULL,
  pdf_key text NOT NULL,
  page_count integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, answer_key)
);

-- The PDF copy of the application, rebuilt when its inputs (answers, documents…) hash differently.
CREATE TABLE application_pdfs (
  user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  source_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('completed', 'failed')),
  message text NOT NULL DEFAULT '',
  storage_key text,
  page_count integer,
  built_at timestamptz NOT NULL DEFAULT now()
);
