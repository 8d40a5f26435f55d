-- The staff list's school report filter (docs/staff.md): each applicant's current request's state, kept on the list's
-- row by triggers as 007's are, and the bucket the filter and its counts read. `school_report` is the raw state of
-- the current request (`not_requested` without one: src/kernel/schoolReport/rules.ts); `checklist_open` counts what
-- staff marked as needed and not yet done. The bucket (`school_report_filter`, src/kernel/staff/applicants.ts):
-- `complete` = submitted, the report received or not needed, and no open checklist item (the status page's rule);
-- `awaiting` = requested or reminded; `overdue`, `declined`, `bounced` as the state; anything else is `other`.
ALTER TABLE applicant_list ADD COLUMN school_report text NOT NULL DEFAULT 'not_requested';
ALTER TABLE applicant_list ADD COLUMN checklist_open integer NOT NULL DEFAULT 0;
ALTER TABLE applicant_list ADD COLUMN school_report_filter text GENERATED ALWAYS AS (CASE WHEN submitted_at IS NOT NULL AND school_report IN ('received', 'waived') AND checklist_open = 0 THEN 'complete' WHEN school_report IN ('requested', 'reminded') THEN 'awaiting' WHEN school_report IN ('overdue', 'declined', 'bounced') THEN school_report ELSE 'other' END) STORED;
-- As applicant_list_status: the filter pages by name within a bucket.
CREATE INDEX applicant_list_school_report ON applicant_list (school_report_filter, sort_name, user_id);
-- The current request's state, looked up by the unique index of current requests (a replaced request stops being
-- current before its successor is inserted: both statements come here, the last one wins).
CREATE FUNCTION applicant_list_from_school_report() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE v_user bigint := coalesce(NEW.user_id, OLD.user_id); v_state text := coalesce((SELECT state FROM school_report_requests WHERE user_id = v_user AND current), 'not_requested'); BEGIN UPDATE applicant_list SET school_report = v_state WHERE user_id = v_user AND school_report IS DISTINCT FROM v_state; RETURN NULL; END $$;
CREATE TRIGGER applicant_list_school_report AFTER INSERT OR DELETE OR UPDATE OF state, current ON school_report_requests FOR EACH ROW EXECUTE FUNCTION applicant_list_from_school_report();
CREATE FUNCTION applicant_list_from_checklist() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE v_user bigint := coalesce(NEW.user_id, OLD.user_id); v_open integer := (SELECT count(*) FROM application_checklist_items WHERE user_id = v_user AND done_at IS NULL); BEGIN UPDATE applicant_list SET checklist_open = v_open WHERE user_id = v_user AND checklist_open <> v_open; RETURN NULL; END $$;
CREATE TRIGGER applicant_list_checklist AFTER INSERT OR DELETE OR UPDATE OF done_at ON application_checklist_items FOR EACH ROW EXECUTE FUNCTION applicant_list_from_checklist();
-- What exists already.
UPDATE applicant_list l SET school_report = r.state FROM school_report_requests r WHERE r.user_id = l.user_id AND r.current;
UPDATE applicant_list l SET checklist_open = (SELECT count(*) FROM application_checklist_items i WHERE i.user_id = l.user_id AND i.done_at IS NULL) WHERE EXISTS (SELECT 1 FROM application_checklist_items i WHERE i.user_id = l.user_id);
-- The counts per bucket above the list, kept as they change (as applicant_status_counts, migration 010).
CREATE TABLE applicant_school_report_counts (bucket text PRIMARY KEY, n bigint NOT NULL DEFAULT 0);
INSERT INTO applicant_school_report_counts (bucket) VALUES ('complete'), ('awaiting'), ('overdue'), ('declined'), ('bounced'), ('other');
CREATE FUNCTION applicant_school_report_counted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP IN ('UPDATE', 'DELETE') THEN UPDATE applicant_school_report_counts SET n = n - 1 WHERE bucket = OLD.school_report_filter; END IF; IF TG_OP IN ('UPDATE', 'INSERT') THEN UPDATE applicant_school_report_counts SET n = n + 1 WHERE bucket = NEW.school_report_filter; END IF; RETURN NULL; END $$;
CREATE TRIGGER applicant_school_report_counted_insert AFTER INSERT ON applicant_list FOR EACH ROW EXECUTE FUNCTION applicant_school_report_counted();
CREATE TRIGGER applicant_school_report_counted_delete AFTER DELETE ON applicant_list FOR EACH ROW EXECUTE FUNCTION applicant_school_report_counted();
CREATE TRIGGER applicant_school_report_counted_update AFTER UPDATE ON applicant_list FOR EACH ROW WHEN (OLD.school_report_filter IS DISTINCT FROM NEW.school_report_filter) EXECUTE FUNCTION applicant_school_report_counted();
UPDATE applicant_school_report_counts c SET n = x.n FROM (SELECT school_report_filter AS bucket, count(*) AS n FROM applicant_list GROUP BY 1) x WHERE c.bucket = x.bucket
