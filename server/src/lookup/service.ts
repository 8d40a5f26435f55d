import { parse } from 'csv-parse/sync';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import type { LookupCategory } from '../../../src/kernel/constants';

/**
 * CSV columns per category (header row required, '#' lines are comments):
 * - hs_ceeb, college_ceeb: id (CEEB code), name, address_line_1, city, state, zip, country
 * - address: id, address_line_1, address_line_2, city, state, zip, country
 */
export const CSV_COLUMNS: Record<LookupCategory, readonly string[]> = {
  hs_ceeb: ['id', 'name', 'address_line_1', 'city', 'state', 'zip', 'country'],
  college_ceeb: ['id', 'name', 'address_line_1', 'city', 'state', 'zip', 'country'],
  address: ['id', 'address_line_1', 'address_line_2', 'city', 'state', 'zip', 'country'],
};

type Row = Record<string, string>;

function toEntry(category: LookupCategory, row: Row) {
  const place = [row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const { id, ...detail } = row;
  if (category === 'address') {
    return { id, text: row.address_line_1, sub_text: place, detail };
  }
  return { id, text: row.name, sub_text: place, detail: { ...detail, ceeb: id } };
}

/** Words of the query, lower-case, with LIKE's wildcards escaped. */
function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => w.replace(/[\\%_]/g, (c) => `\\${c}`));
}

export function createLookupService(db: Db) {
  return {
    /** Suggestions: every word of the query appears; names that start with the query come first. */
    async find(text: string, category: LookupCategory, maxResults: number) {
      const words = searchWords(text);
      if (words.length === 0) return [];
      const conditions = words.map((_, i) => `search LIKE '%' || $${i + 3} || '%'`).join(' AND ');
      const { rows } = await db.query<{ id: string; text: string; sub_text: string }>(
        `SELECT id, text, sub_text FROM lookup_entries
          WHERE category = $1 AND ${conditions}
          ORDER BY (search LIKE $2 || '%') DESC, text, id LIMIT ${Number(maxResults)}`,
        [category, words.join(' '), ...words],
      );
      return rows;
    },

    async detail(id: string, category: LookupCategory) {
      const { rows } = await db.query<{ detail: Record<string, string> }>(
        'SELECT detail FROM lookup_entries WHERE category = $1 AND id = $2',
        [category, id],
      );
      if (!rows[0]) throw notFound('No record was found for this selection.');
      return rows[0].detail;
    },

    async count(category?: LookupCategory) {
      const { rows } = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM lookup_entries ${category ? 'WHERE category = $1' : ''}`,
        category ? [category] : [],
      );
      return Number(rows[0].n);
    },

    /** Imports a CSV (see CSV_COLUMNS); replaces the category's data unless `append`. Returns rows imported. */
    async importCsv(category: LookupCategory, csv: string, options: { append?: boolean } = {}) {
      const records = parse(csv, { columns: true, comment: '#', skip_empty_lines: true, trim: true }) as Row[];
      const expected = CSV_COLUMNS[category];
      const header = Object.keys(records[0] ?? {});
      const missing = expected.filter((c) => !header.includes(c));
      if (records.length > 0 && missing.length > 0) {
        throw new Error(`The CSV for ${category} lacks the columns: ${missing.join(', ')}`);
      }
      await db.transaction(async (tx) => {
        if (!options.append) await tx.query('DELETE FROM lookup_entries WHERE category = $1', [category]);
        for (const record of records) {
          const row = Object.fromEntries(expected.map((c) => [c, record[c] ?? '']));
          if (!row.id) throw new Error(`A row of the ${category} CSV has no id`);
          const entry = toEntry(category, row);
          await tx.query(
            `INSERT INTO lookup_entries (category, id, text, search, sub_text, detail) VALUES ($1, $2, $3, $4, $5, $6::jsonb)
             ON CONFLICT (category, id) DO UPDATE SET text = excluded.text, search = excluded.search,
               sub_text = excluded.sub_text, detail = excluded.detail`,
            [
              category,
              entry.id,
              entry.text,
              `${entry.text} ${entry.sub_text}`.toLowerCase(),
              entry.sub_text,
              JSON.stringify(entry.detail),
            ],
          );
        }
      });
      return records.length;
    },
  };
}

export type LookupService = ReturnType<typeof createLookupService>;
