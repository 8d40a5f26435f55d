-- The answer map (about 7 KB of JSON for a whole application, about 2 KB once compressed) is saved on every
-- autosave. MAIN keeps it compressed in the row instead of in the TOAST table: a save writes one tuple instead
-- of a tuple plus TOAST chunks, and on PGlite, which never runs autovacuum, the table grows half as fast.
-- Maps too large for a page still move out of line. Existing rows change at their next save.
ALTER TABLE applications ALTER COLUMN answer SET STORAGE MAIN;
