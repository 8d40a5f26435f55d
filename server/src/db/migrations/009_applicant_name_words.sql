-- Search as staff type, fast at 50,000 applicants. Trigram similarity against every applicant's name (007) took
-- 0.7–1.6 s on PGlite at 50,000: a query's trigrams ("  o", "oka") each matched thousands of names, every one of
-- which was then compared. Names are made of far fewer distinct words than there are applicants, so a search now
-- finds the words a typed word is like (a prefix, or pg_trgm's word similarity) in the small table of every name
-- word, then the applicants whose names hold one of them (a GIN index on each row's array of words).
-- Emails are matched by prefix (a b-tree), as staff paste or type them from the start.
-- The GIN indexes take each new entry at once (fastupdate off): PGlite has no autovacuum to merge a pending list,
-- which every search would otherwise read through (measured: 30 ms for one word after 50,000 names were added).
CREATE TABLE applicant_name_words (word text PRIMARY KEY);
-- The words of a folded name: each part between spaces and punctuation, and each spaced part without its
-- punctuation, so "o'brien" is found by "o brien", "brien" and "obrien".
CREATE FUNCTION applicant_name_words_of(name_search text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT coalesce(array_agg(DISTINCT w ORDER BY w), '{}') FROM (SELECT regexp_split_to_table(name_search, '[^[:alnum:]]+') AS w UNION SELECT regexp_replace(regexp_split_to_table(name_search, '\s+'), '[^[:alnum:]]+', '', 'g')) parts WHERE w <> '' $$;
-- A row's keys: its words and their first one and two letters, so a search of one or two letters (too short for
-- trigrams, and starting hundreds of words) is one key of the GIN index.
CREATE FUNCTION applicant_name_keys_of(words text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT coalesce(array_agg(DISTINCT k ORDER BY k), '{}') FROM unnest(words) w, LATERAL (VALUES (w), (left(w, 1)), (left(w, 2))) keys(k) $$;
ALTER TABLE applicant_list ADD COLUMN name_words text[] NOT NULL DEFAULT '{}';
CREATE INDEX applicant_list_email_prefix ON applicant_list (email_search text_pattern_ops);
DROP INDEX applicant_list_name_trgm;
DROP INDEX applicant_list_email_trgm;
-- The submitted sort pages on the value it orders by (not submitted last), so its index holds that value.
DROP INDEX applicant_list_submitted;
CREATE INDEX applicant_list_submitted ON applicant_list ((coalesce(submitted_at, 'infinity'::timestamptz)), user_id);
-- The trigger of 007, with the words: written with the name (only when a shown value changed), and each new word
-- added to the table of words.
CREATE OR REPLACE FUNCTION applicant_list_from_application() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE v_name text := pg_catalog.concat_ws(' ', NULLIF(NEW.answer->>'first_name', ''), NULLIF(NEW.answer->>'last_name', '')); v_search text := coalesce(applicant_name_text(NEW.answer), ''); v_has boolean := NEW.answer <> '{}'::jsonb; v_term text := coalesce(NEW.answer->>'entry_term', ''); v_major text := coalesce(NEW.answer->>'applied_major', ''); v_words text[]; BEGIN UPDATE applicant_list SET name = v_name, name_search = v_search, name_words = applicant_name_keys_of(applicant_name_words_of(v_search)), sort_name = coalesce(applicant_sort_name(NEW.answer), ''), has_answers = v_has, submitted_at = NEW.submitted_at, entry_term = v_term, major = v_major WHERE user_id = NEW.user_id AND (name, name_search, has_answers, submitted_at, entry_term, major) IS DISTINCT FROM (v_name, v_search, v_has, NEW.submitted_at, v_term, v_major) RETURNING applicant_name_words_of(v_search) INTO v_words; IF v_words IS NOT NULL AND cardinality(v_words) > 0 THEN INSERT INTO applicant_name_words (word) SELECT unnest(v_words) ORDER BY 1 ON CONFLICT DO NOTHING; END IF; RETURN NULL; END $$;
-- What exists already.
INSERT INTO applicant_name_words (word) SELECT DISTINCT unnest(applicant_name_words_of(name_search)) FROM applicant_list ORDER BY 1 ON CONFLICT DO NOTHING;
UPDATE applicant_list SET name_words = applicant_name_keys_of(applicant_name_words_of(name_search)) WHERE name_search <> '';
-- The indexes, built once the words are in.
CREATE INDEX applicant_name_words_trgm ON applicant_name_words USING gin (word public.gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX applicant_name_words_prefix ON applicant_name_words (word text_pattern_ops);
CREATE INDEX applicant_list_name_words ON applicant_list USING gin (name_words) WITH (fastupdate = off)
