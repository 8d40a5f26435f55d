/**
 * Validation benchmark: 1000 whole-application validations of a complete and of an incomplete application.
 * Run: npx tsx bench/validation.bench.ts   (target: median ≤ 2 ms)
 */
import { performance } from 'node:perf_hooks';
import { completeApplication, incompleteApplication } from '../src/features/form/definition/sampleAnswers';
import { validateAnswers, validateField } from '../src/features/form/schema';

const RUNS = 1000;
const WARM_UP = 200;
const now = new Date();

function measure(label: string, run: () => unknown) {
  for (let i = 0; i < WARM_UP; i++) run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(
    `${label.padEnd(44)} median ${at(0.5).toFixed(3)} ms   p95 ${at(0.95).toFixed(3)} ms   max ${times.at(-1)!.toFixed(3)} ms`,
  );
  return at(0.5);
}

const complete = completeApplication(now);
const incomplete = incompleteApplication(now);
const first = performance.now();
const errors = validateAnswers(incomplete, { now });
console.log(
  `first call (builds the schemas): ${(performance.now() - first).toFixed(1)} ms; ` +
    `complete → ${Object.keys(validateAnswers(complete, { now })).length} fields with errors, ` +
    `incomplete → ${Object.keys(errors).length}`,
);

const medians = [
  measure('validateAnswers(complete application)', () => validateAnswers(complete, { now })),
  measure('validateAnswers(incomplete application)', () => validateAnswers(incomplete, { now })),
];
measure('validateField(phone_home, complete)', () => validateField('phone_home', complete, { now }));
measure("validateAnswers(complete, { page: 'about' })", () => validateAnswers(complete, { page: 'about', now }));

const worst = Math.max(...medians);
console.log(worst <= 2 ? `OK: median ${worst.toFixed(3)} ms ≤ 2 ms` : `TOO SLOW: median ${worst.toFixed(3)} ms > 2 ms`);
process.exitCode = worst <= 2 ? 0 : 1;
