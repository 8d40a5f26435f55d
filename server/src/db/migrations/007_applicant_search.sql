-- The staff console's applicant list: search by name or email as staff type (prefix and typo-tolerant, case and
-- accents ignored: pg_trgm and unaccent, in the public schema so every schema of the database shares them), filters,
-- counts per status and sorts, each sort with an index that pages by key.
-- Extensions are database-wide: schemas migrating at once (tests, instances) take turns creating them.
SELECT pg_advisory_xact_lock(hashtext('admission:extensions'));
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
-- Immutable wrappers (unaccent() itself is only stable: its dictionary could change), fully qualified so that
-- index maintenance under a restricted search_path finds them.
CREATE FUNCTION applicant_name_text(answer jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, pg_catalog.concat_ws(' ', answer->>'first_name', answer->>'preferred_name', answer->>'last_name'))) $$;
CREATE FUNCTION applicant_sort_name(answer jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, pg_catalog.concat_ws(' ', coalesce(answer->>'last_name', ''), coalesce(answer->>'first_name', '')))) $$;
CREATE FUNCTION applicant_email_text(username text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, username)) $$;
-- The staff console's list of applicants, one narrow row each, kept by triggers in step with the tables it sums up
-- (on any instance, whoever writes). The list filters, sorts, counts and searches here: the answer maps themselves
-- (about 7 kB each, stored compressed) are read only for the 50 rows shown, not for 50,000 (measured: reading a name
-- out of every answer map cost about 20 µs a row, which made the list take seconds).
CREATE TABLE applicant_list (
  user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  email text NOT NULL,
  email_search text NOT NULL,
  name text NOT NULL DEFAULT '',
  name_search text NOT NULL DEFAULT '',
  sort_name text NOT NULL DEFAULT '',
  has_answers boolean NOT NULL DEFAULT false,
  validating boolean NOT NULL DEFAULT false,
  submitted_at timestamptz,
  created_at timestamptz NOT NULL,
  entry_term text NOT NULL DEFAULT '',
  major text NOT NULL DEFAULT '',
  docs_waiting integer NOT NULL DEFAULT 0,
  docs_failed integer NOT NULL DEFAULT 0,
  status text GENERATED ALWAYS AS (CASE WHEN submitted_at IS NOT NULL THEN 'submitted' WHEN validating THEN 'validating' WHEN has_answers THEN 'started' ELSE 'none' END) STORED
);
CREATE INDEX applicant_list_name_trgm ON applicant_list USING gin (name_search public.gin_trgm_ops);
CREATE INDEX applicant_list_email_trgm ON applicant_list USING gin (email_search public.gin_trgm_ops);
CREATE INDEX applicant_list_sort_name ON applicant_list (sort_name, user_id);
CREATE INDEX applicant_list_submitted ON applicant_list (submitted_at, user_id);
CREATE INDEX applicant_list_status ON applicant_list (status, sort_name, user_id);
CREATE FUNCTION applicant_list_from_account() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO applicant_list (user_id, email, email_search, created_at) VALUES (NEW.id, NEW.username, applicant_email_text(NEW.username), NEW.created_at) ON CONFLICT (user_id) DO NOTHING; RETURN NULL; END $$;
CREATE TRIGGER applicant_list_account AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION applicant_list_from_account();
-- On a save, NEW.answer is the map the statement just parsed (no stored copy is read); each shown value is derived
-- once, and the list's row is written only when one of them changed, so most saves cost one primary-key look-up here.
CREATE FUNCTION applicant_list_from_application() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE v_name text := pg_catalog.concat_ws(' ', NULLIF(NEW.answer->>'first_name', ''), NULLIF(NEW.answer->>'last_name', '')); v_search text := coalesce(applicant_name_text(NEW.answer), ''); v_has boolean := NEW.answer <> '{}'::jsonb; v_term text := coalesce(NEW.answer->>'entry_term', ''); v_major text := coalesce(NEW.answer->>'applied_major', ''); BEGIN UPDATE applicant_list SET name = v_name, name_search = v_search, sort_name = coalesce(applicant_sort_name(NEW.answer), ''), has_answers = v_has, submitted_at = NEW.submitted_at, entry_term = v_term, major = v_major WHERE user_id = NEW.user_id AND (name, name_search, has_answers, submitted_at, entry_term, major) IS DISTINCT FROM (v_name, v_search, v_has, NEW.submitted_at, v_term, v_major); RETURN NULL; END $$;
CREATE TRIGGER applicant_list_application AFTER INSERT OR UPDATE ON applications FOR EACH ROW EXECUTE FUNCTION applicant_list_from_application();
CREATE FUNCTION applicant_list_from_status() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.web_status = 'validating' THEN UPDATE applicant_list SET validating = true WHERE user_id = NEW.user_id AND NOT validating; END IF; RETURN NULL; END $$;
CREATE TRIGGER applicant_list_status AFTER INSERT ON web_statuses FOR EACH ROW EXECUTE FUNCTION applicant_list_from_status();
CREATE FUNCTION applicant_list_from_jobs() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE v_user bigint := coalesce(NEW.user_id, OLD.user_id); BEGIN UPDATE applicant_list SET docs_waiting = (SELECT count(*) FROM conversion_jobs WHERE user_id = v_user AND status IN ('unprocessed', 'in_progress')), docs_failed = (SELECT count(*) FROM conversion_jobs WHERE user_id = v_user AND status = 'failed') WHERE user_id = v_user; RETURN NULL; END $$;
CREATE TRIGGER applicant_list_jobs AFTER INSERT OR DELETE OR UPDATE OF status ON conversion_jobs FOR EACH ROW EXECUTE FUNCTION applicant_list_from_jobs();
-- What exists already.
INSERT INTO applicant_list (user_id, email, email_search, created_at) SELECT id, username, applicant_email_text(username), created_at FROM users;
-- The applications' side through the trigger itself (one rule for what a row shows), without changing them.
UPDATE applications SET submitted_at = submitted_at;
UPDATE applicant_list l SET validating = true FROM web_statuses w WHERE w.user_id = l.user_id AND w.web_status = 'validating';
UPDATE applicant_list l SET docs_waiting = (SELECT count(*) FROM conversion_jobs j WHERE j.user_id = l.user_id AND j.status IN ('unprocessed', 'in_progress')), docs_failed = (SELECT count(*) FROM conversion_jobs j WHERE j.user_id = l.user_id AND j.status = 'failed');
CREATE INDEX applications_saved ON applications (updated_at, user_id);
CREATE INDEX conversion_jobs_user_status ON conversion_jobs (user_id, status)
