/**
 * Validation: whole-application validations (validateAnswers) of a complete and of an incomplete application,
 * timed one by one after a warm-up. Used by `npm run bench` and by bench/validation.bench.ts.
 */
import { performance } from 'node:perf_hooks';
import { completeApplication, incompleteApplication } from '../src/kernel/form/definition/sampleAnswers';
import { validateAnswers, validateField } from '../src/features/form/schema';
import { BUDGETS } from './budgets';
import { check, percentile, round, type AreaOutput } from './common';

export interface Timing {
  label: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

export interface ValidationResult {
  /** The first call builds the schemas. */
  firstCallMs: number;
  completeErrorFields: number;
  incompleteErrorFields: number;
  complete: Timing;
  incomplete: Timing;
  /** For information: one field, and one page. */
  others: Timing[];
}

function measure(label: string, run: () => unknown, runs: number, warmUp: number): Timing {
  for (let i = 0; i < warmUp; i++) run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return {
    label,
    runs,
    medianMs: round(percentile(times, 0.5), 4),
    p95Ms: round(percentile(times, 0.95), 4),
    maxMs: round(Math.max(...times), 4),
  };
}

export function measureValidation({ runs = 1000, warmUp = 200 } = {}): ValidationResult {
  const now = new Date();
  const complete = completeApplication(now);
  const incomplete = incompleteApplication(now);
  const first = performance.now();
  const errors = validateAnswers(incomplete, { now });
  const firstCallMs = performance.now() - first;
  return {
    firstCallMs: round(firstCallMs, 2),
    completeErrorFields: Object.keys(validateAnswers(complete, { now })).length,
    incompleteErrorFields: Object.keys(errors).length,
    complete: measure('validateAnswers(complete application)', () => validateAnswers(complete, { now }), runs, warmUp),
    incomplete: measure(
      'validateAnswers(incomplete application)',
      () => validateAnswers(incomplete, { now }),
      runs,
      warmUp,
    ),
    others: [
      measure(
        'validateField(phone_home, complete)',
        () => validateField('phone_home', complete, { now }),
        runs,
        warmUp,
      ),
      measure(
        "validateAnswers(complete, { page: 'about' })",
        () => validateAnswers(complete, { page: 'about', now }),
        runs,
        warmUp,
      ),
    ],
  };
}

/** The bench area: 1000 runs each, medians against the 2 ms budget. */
export async function runValidation(): Promise<AreaOutput<ValidationResult>> {
  const data = measureValidation({ runs: 1000, warmUp: 200 });
  const max = BUDGETS.validation.medianMaxMs;
  return {
    data,
    checks: [
      check('validation', 'Validation median, complete application', data.complete.medianMs, 'ms', { max }),
      check('validation', 'Validation median, incomplete application', data.incomplete.medianMs, 'ms', { max }),
    ],
    notes: [
      `First call (builds the schemas): ${data.firstCallMs} ms. Complete → ${data.completeErrorFields} fields with errors; incomplete → ${data.incompleteErrorFields}.`,
    ],
  };
}
