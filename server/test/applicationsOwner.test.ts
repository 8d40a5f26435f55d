import fs from 'node:fs';
import path from 'node:path';

/**
 * One owner of the applications table: the answers area (server/src/answers/). The statements other areas need
 * are lent by answers/applications.ts, so a new query elsewhere fails here and goes there instead. (Migrations
 * and maintenance such as VACUUM name the table without querying an application.)
 */
const SRC = path.join(__dirname, '..', 'src');
const QUERY = /\b(?:FROM|JOIN|UPDATE|INTO)\s+applications\b/i;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

it('only server/src/answers/ queries the applications table', () => {
  const outside = sourceFiles(SRC)
    .filter((file) => !file.startsWith(path.join(SRC, 'answers') + path.sep))
    .filter((file) => QUERY.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(SRC, file));
  expect(outside).toEqual([]);
  // And the answers area does (the check would pass vacuously if the pattern stopped matching).
  expect(QUERY.test(fs.readFileSync(path.join(SRC, 'answers', 'applications.ts'), 'utf8'))).toBe(true);
});
