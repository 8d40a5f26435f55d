/**
 * Documents benchmark: npx tsx bench/documents.bench.ts
 *
 * Prints how long the conversion worker takes for a ~1 MB DOCX and a ~1 MB JPEG, and how long the PDF copy of a
 * complete application with three documents takes to build: the builder alone, and GET /api/pdf end to end
 * (database, storage, build) on a fresh embedded database. Times are medians of warm runs. `npm run bench` runs
 * the same measurements (bench/documents.ts).
 */
import os from 'node:os';
import { measureDocuments } from './documents';

async function main() {
  console.log(`Node ${process.version}, ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}\n`);
  await measureDocuments((t) => {
    console.log(
      `${t.label.padEnd(74)} ${t.medianMs.toFixed(0).padStart(6)} ms median  (min ${t.minMs.toFixed(0)}, ${t.runs} runs)`,
    );
    if (t.output) console.log(`${''.padEnd(6)}→ ${t.output}`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
