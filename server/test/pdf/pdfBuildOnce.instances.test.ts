import type { TestApp } from '../helpers';
import { newApplicant } from '../helpers';
import { startInstances, stopInstances } from '../support/instances';

/**
 * The PDF copy of an application is built once across instances (an advisory lock per applicant, pdf/service.ts):
 * two instances asked for the same copy at once build it once; the second waits, then finds it built.
 */
let instances: TestApp[];
beforeAll(async () => {
  instances = await startInstances(2, { pdfCompress: false });
}, 60_000);
afterAll(() => stopInstances(instances));

/** This instance's builds by outcome, from its metrics. */
async function builds(t: TestApp): Promise<Record<string, number>> {
  const metric = await t.app.operations.metrics.registry.getSingleMetric('admission_pdf_builds_total')!.get();
  return Object.fromEntries(metric.values.map((v) => [String(v.labels.outcome), v.value]));
}

it('two instances asked for the same PDF copy at once build it once', async () => {
  const [a, b] = instances;
  const cookie = await newApplicant(a, 'pdf-once@example.com');
  const save = await a.app.inject({
    method: 'PUT',
    url: '/api/answer',
    headers: { 'content-type': 'application/json', cookie },
    payload: { first_name: 'Ada', last_name: 'Lovelace' },
  });
  expect(save.statusCode).toBe(200);

  const ask = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/pdf', headers: { cookie } });
  const answers = await Promise.all([ask(a), ask(b)]);
  const statuses = answers.map((r) => r.json().status as string);
  // Each answers within its wait; poll whichever is still in progress until both say completed.
  for (let i = 0; i < 100 && statuses.some((s) => s !== 'completed'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await Promise.all([ask(a), ask(b)]);
    again.forEach((r, n) => (statuses[n] = r.json().status));
  }
  expect(statuses).toEqual(['completed', 'completed']);
  await Promise.all(instances.map((t) => t.app.services.applicationPdf.stop()));

  const [fromA, fromB] = await Promise.all([builds(a), builds(b)]);
  expect((fromA.completed ?? 0) + (fromB.completed ?? 0)).toBe(1);
  expect((fromA.skipped ?? 0) + (fromB.skipped ?? 0)).toBe(1);
  expect((fromA.failed ?? 0) + (fromB.failed ?? 0)).toBe(0);

  // Both serve the one copy.
  const url = answers[0].json().url ?? (await ask(a)).json().url;
  for (const t of instances) {
    const file = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }
}, 60_000);
