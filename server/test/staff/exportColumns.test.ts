import fs from 'node:fs';
import path from 'node:path';
import { EXPORT_COLUMNS, EXPORT_VERSION } from '../../../src/kernel/staff/exportColumns';

/** docs/export.md is the student-information system's contract: it must list exactly the columns the export writes. */
test('docs/export.md lists every export file with the columns and the version the export writes', () => {
  const doc = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'export.md'), 'utf8');
  for (const [file, { columns }] of Object.entries(EXPORT_COLUMNS)) {
    const section = doc.match(new RegExp(`### ${file}\\.csv \\(version (\\d+)\\)\\n\\n\`\`\`\\n([\\s\\S]*?)\`\`\``));
    expect(section).not.toBeNull();
    expect(Number(section![1])).toBe(EXPORT_VERSION);
    expect(section![2].trim().split('\n')).toEqual(columns);
  }
});
