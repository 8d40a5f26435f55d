import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';

/** A cell a spreadsheet would run as a formula (OWASP's CSV injection list): = + - @, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as a spreadsheet should see it: a formula-like text is prefixed with ', so it stays text. */
export const safeCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** RFC 4180 lines (CRLF, quoted where needed) of already safe cells. */
export const csvLines = (rows: string[][]) => stringify(rows, { record_delimiter: '\r\n', quoted_match: /^$/ });

/** Streams CSV chunks as a download named `<name>-<today>.csv`. */
export function sendCsv(reply: FastifyReply, name: string, chunks: AsyncIterable<string>) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}-${day}.csv"`)
    .send(Readable.from(chunks));
}
