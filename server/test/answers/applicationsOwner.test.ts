import fs from 'node:fs';
import path from 'node:path';

/**
 * The applications table's home is below the areas (server/src/applications/): the areas call its functions, so a
 * new query elsewhere fails here and goes there instead. The answers area writes what the applicant edits (its
 * service's own statements), and the staff list's page by last save joins the table in one statement (listBySaved:
 * the planner must see the join whole). (Migrations and maintenance such as VACUUM name the table without querying
 * an application.)
 */
const SRC = path.join(__dirname, '..', '..', 'src');
const QUERY = /\b(?:FROM|JOIN|UPDATE|INTO)\s+applications\b/i;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const ALLOWED = [path.join('answers', 'service.ts'), path.join('staff', 'applicants', 'list.ts')];

it('only server/src/applications/ (and the answers service, the staff list by last save) queries the table', () => {
  const outside = sourceFiles(SRC)
    .filter((file) => !file.startsWith(path.join(SRC, 'applications') + path.sep))
    .filter((file) => !ALLOWED.includes(path.relative(SRC, file)))
    .filter((file) => QUERY.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(SRC, file));
  expect(outside).toEqual([]);
  // And the table's home does (the check would pass vacuously if the pattern stopped matching).
  expect(QUERY.test(fs.readFileSync(path.join(SRC, 'applications', 'table.ts'), 'utf8'))).toBe(true);
});
