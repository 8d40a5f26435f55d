-- The staff console's applicant list: search by name or email as staff type (prefix and typo-tolerant, case and
-- accents ignored: pg_trgm and unaccent, in the public schema so every schema of the database shares them), and the
-- sorts by last name, submission and last save, each with an index that pages by key.
-- Extensions are database-wide: schemas migrating at once (tests, instances) take turns creating them.
SELECT pg_advisory_xact_lock(hashtext('admission:extensions'));
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
-- Immutable wrappers (unaccent() itself is only stable: its dictionary could change), fully qualified so that
-- index maintenance under a restricted search_path finds them.
CREATE FUNCTION applicant_name_text(answer jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, pg_catalog.concat_ws(' ', answer->>'first_name', answer->>'preferred_name', answer->>'last_name'))) $$;
CREATE FUNCTION applicant_sort_name(answer jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, pg_catalog.concat_ws(' ', coalesce(answer->>'last_name', ''), coalesce(answer->>'first_name', '')))) $$;
CREATE FUNCTION applicant_email_text(username text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, username)) $$;
CREATE INDEX applications_name_trgm ON applications USING gin (applicant_name_text(answer) public.gin_trgm_ops);
CREATE INDEX users_email_trgm ON users USING gin (applicant_email_text(username) public.gin_trgm_ops);
CREATE INDEX applications_sort_name ON applications (applicant_sort_name(answer), user_id);
CREATE INDEX applications_submitted ON applications (submitted_at, user_id);
CREATE INDEX applications_saved ON applications (updated_at, user_id);
CREATE INDEX conversion_jobs_user_status ON conversion_jobs (user_id, status)
