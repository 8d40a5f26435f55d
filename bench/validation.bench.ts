/**
 * Validation benchmark: 1000 whole-application validations of a complete and of an incomplete application.
 * Run: npx tsx bench/validation.bench.ts   (target: median ≤ 2 ms; `npm run bench` runs the same measurement)
 */
import { BUDGETS } from './budgets';
import { measureValidation, type Timing } from './validation';

const print = (t: Timing) =>
  console.log(
    `${t.label.padEnd(44)} median ${t.medianMs.toFixed(3)} ms   p95 ${t.p95Ms.toFixed(3)} ms   max ${t.maxMs.toFixed(3)} ms`,
  );

const result = measureValidation();
console.log(
  `first call (builds the schemas): ${result.firstCallMs.toFixed(1)} ms; ` +
    `complete → ${result.completeErrorFields} fields with errors, incomplete → ${result.incompleteErrorFields}`,
);
[result.complete, result.incomplete, ...result.others].forEach(print);

const limit = BUDGETS.validation.medianMaxMs;
const worst = Math.max(result.complete.medianMs, result.incomplete.medianMs);
console.log(
  worst <= limit
    ? `OK: median ${worst.toFixed(3)} ms ≤ ${limit} ms`
    : `TOO SLOW: median ${worst.toFixed(3)} ms > ${limit} ms`,
);
process.exitCode = worst <= limit ? 0 : 1;
