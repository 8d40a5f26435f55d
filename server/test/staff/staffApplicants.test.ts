import { parse } from 'csv-parse/sync';
import { makeApp, type TestApp } from '../helpers';
import { asStaff, auditRows, newStaff, type EnrolledStaff } from './helpers';
import { seedDemo, DEMO_DOMAIN } from '../../src/demo/seedDemo';
import { EXPORT_COLUMNS } from '../../../src/kernel/staff/exportColumns';
import { applicationIdOf } from '../../../src/kernel/applicationId';

let t: TestApp;
let admin: EnrolledStaff;
let reader: EnrolledStaff;

/** An applicant as the database holds one, without the sign-up's password hashing (seconds for a list's worth). */
async function applicant(
  email: string,
  answer: Record<string, string | boolean>,
  extra: { submittedAt?: string; updatedAt?: string; validating?: boolean } = {},
) {
  const { rows } = await t.app.db.query<{ id: string }>(
    `INSERT INTO users (username, password_hash, confirmed_at) VALUES ($1, 'x', now()) RETURNING id::text AS id`,
    [email],
  );
  const id = rows[0].id;
  await t.app.db.query(
    `INSERT INTO applications (user_id, answer, submitted_at, updated_at) VALUES ($1, $2::jsonb, $3, coalesce($4::timestamptz, now()))`,
    [id, JSON.stringify(answer), extra.submittedAt ?? null, extra.updatedAt ?? null],
  );
  if (extra.validating) {
    await t.app.db.query(`INSERT INTO web_statuses (user_id, web_status) VALUES ($1, 'validating')`, [id]);
  }
  return id;
}

const list = (who: EnrolledStaff, query = '') =>
  t.app.inject({ method: 'GET', url: `/staff/api/applicants${query}`, ...asStaff(who.cookie) });

beforeAll(async () => {
  t = await makeApp();
  admin = await newStaff(t, 'dean@college.edu', 'admin');
  reader = await newStaff(t, 'reader@college.edu', 'reader');
  await applicant(
    'ngozi@example.com',
    {
      first_name: 'Ngozi',
      last_name: 'Okafor',
      entry_term: 'Fall 2027',
      applied_major: 'BIOL',
      applied_major_desc: 'Biology',
      personal_statement_essay: '=SUM(A1:A9)',
      parent_first_name: 'Chidi',
      parent_last_name: 'Okafor',
      parent_relationship: 'F',
      activity_name: 'Chess club',
      activity_2_name: '+Robotics',
    },
    { submittedAt: '2026-11-01T23:30:00Z' },
  );
  await applicant('jose@example.com', {
    first_name: 'José',
    last_name: 'Núñez',
    entry_term: 'Spring 2027',
    applied_major: 'MATH',
  });
  await applicant(
    'zoe.mueller@example.com',
    { first_name: 'Zoë', last_name: 'Müller', entry_term: 'Fall 2027' },
    { validating: true },
  );
  await t.app.db.query(`INSERT INTO users (username, password_hash) VALUES ('quiet@example.com', 'x')`);
});
afterAll(() => t.close());

describe('the applicants list', () => {
  test('finds a misspelt name, an unaccented name and an email; case and accents ignored', async () => {
    const names = async (q: string) =>
      (await list(reader, `?q=${encodeURIComponent(q)}`)).json().rows.map((r: { name: string }) => r.name);
    expect(await names('Okafr')).toEqual(['Ngozi Okafor']);
    expect(await names('jose')).toEqual(['José Núñez']);
    expect(await names('NUNEZ')).toEqual(['José Núñez']);
    expect(await names('zoe.mu')).toEqual(['Zoë Müller']);
    expect(await names('Ok')).toEqual(['Ngozi Okafor']);
    // Every word typed must be like a word of the name, in any order; 'ue' typed for 'ü' is alike.
    expect(await names('okafr ngozi')).toEqual(['Ngozi Okafor']);
    expect(await names('n okafor')).toEqual(['Ngozi Okafor']);
    expect(await names('ngozi nunez')).toEqual([]);
    expect(await names('Mueller')).toEqual(['Zoë Müller']);
    expect(await names('nobody-like-this')).toEqual([]);
    // Each search is audited with its words.
    expect((await auditRows(t)).at(-1)).toMatchObject({
      actor: 'reader@college.edu',
      action: 'search',
      detail: 'q=nobody-like-this',
    });
  });

  test('a search lists the best match first; by name when a sort is chosen or its words are short', async () => {
    for (const [first, last] of [
      ['Ada', 'Moire'],
      ['Cy', 'Moore'],
      ['Ben', 'Moreno'],
    ]) {
      await applicant(`${first.toLowerCase()}@match.example`, { first_name: first, last_name: last });
    }
    const names = async (query: string) => (await list(reader, query)).json().rows.map((r: { name: string }) => r.name);
    // "More", a letter left out of Moore: Moore is the most alike, then Moreno (which starts with it), then Moire.
    expect(await names('?q=More')).toEqual(['Cy Moore', 'Ben Moreno', 'Ada Moire']);
    expect(await names('?q=More&sort=last_name')).toEqual(['Ada Moire', 'Cy Moore', 'Ben Moreno']);
    // Two letters start too many names to rank: by name.
    expect(await names('?q=Mo')).toEqual(['Ada Moire', 'Cy Moore', 'Ben Moreno']);
    // Pages of the best match go on from the last row's score and name.
    for (let i = 0; i < 55; i++) {
      await applicant(`p${i}@match.example`, { first_name: `Pat${String(i).padStart(2, '0')}`, last_name: 'Moore' });
    }
    const first = (await list(reader, '?q=Moore')).json();
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0].name).toBe('Cy Moore');
    const second = (await list(reader, `?q=Moore&after=${first.next}`)).json();
    const seen = [...first.rows, ...second.rows].map((r: { name: string }) => r.name);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((name) => name.endsWith(' Moore'))).toHaveLength(56);
    const forged = Buffer.from(JSON.stringify(['not json', '1'])).toString('base64url');
    expect((await list(reader, `?q=More&after=${forged}`)).json().message).toBe(
      'This list has changed. Please start from its first page.',
    );
    await t.app.db.query(`DELETE FROM users WHERE username LIKE '%@match.example'`);
  });

  test('status, term and major filters; counts per status; sorts', async () => {
    const all = (await list(reader)).json();
    expect(all.counts).toEqual({ none: 1, started: 1, validating: 1, submitted: 1 });
    expect(all.rows.map((r: { email: string }) => r.email)).toEqual([
      'zoe.mueller@example.com',
      'jose@example.com',
      'ngozi@example.com',
      'quiet@example.com', // no name yet: after every name
    ]);
    const submitted = (await list(reader, '?status=submitted')).json();
    expect(submitted.rows).toEqual([
      expect.objectContaining({
        applicationId: expect.stringMatching(/^APP-\d{6}$/),
        name: 'Ngozi Okafor',
        status: 'submitted',
        submittedAt: '2026-11-01T23:30:00.000Z',
        entryTerm: 'Fall 2027',
        major: 'BIOL',
      }),
    ]);
    // Counts keep every status (they are the tabs), under the other filters.
    expect((await list(reader, '?term=Fall%202027')).json().counts).toEqual({
      none: 0,
      started: 0,
      validating: 1,
      submitted: 1,
    });
    expect((await list(reader, '?major=MATH')).json().rows.map((r: { name: string }) => r.name)).toEqual([
      'José Núñez',
    ]);
    // Submitted between two days of the college's time zone: 23:30 UTC on Nov 1 is 18:30 or 19:30 in New York.
    expect((await list(reader, '?submittedFrom=2026-11-01&submittedTo=2026-11-01')).json().rows).toHaveLength(1);
    expect((await list(reader, '?submittedFrom=2026-11-02')).json().rows).toHaveLength(0);
    const bySaved = (await list(reader, '?sort=saved&dir=desc')).json().rows;
    expect(bySaved).toHaveLength(4);
    expect((await list(reader, '?status=bogus')).statusCode).toBe(400);
  });

  test('by name, the accounts with no name yet come after every name, paged by key across the two', async () => {
    type Listed = { id: string; name: string; email: string };
    const ids: string[] = [];
    const named = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const n = String(i).padStart(2, '0');
        // One of them gave only a first name: a name all the same.
        const answer: Record<string, string> =
          i === 7 ? { first_name: `Solo${n}` } : { first_name: `Ann${n}`, last_name: `Smith${n}` };
        ids.push(await applicant(`border.named${n}@edge.example`, answer));
      }
    };
    await named(0, 48);
    // No name yet: two answered something else, three never saved.
    const unnamed = [
      await applicant('border.blank1@edge.example', { entry_term: 'Fall 2027' }),
      await applicant('border.blank2@edge.example', { first_name: '', last_name: '' }),
    ];
    for (const i of [3, 4, 5]) {
      const { rows } = await t.app.db.query<{ id: string }>(
        `INSERT INTO users (username, password_hash) VALUES ($1, 'x') RETURNING id::text AS id`,
        [`border.blank${i}@edge.example`],
      );
      unnamed.push(rows[0].id);
    }
    ids.push(...unnamed);
    const byId = (a: string, b: string) => Number(a) - Number(b);
    const pages = async (dir: 'asc' | 'desc') => {
      const seen: Listed[][] = [];
      let next: string | null = '';
      while (next !== null) {
        const page: { rows: Listed[]; next: string | null } = (
          await list(reader, `?q=border&sort=last_name&dir=${dir}${next ? `&after=${next}` : ''}`)
        ).json();
        seen.push(page.rows);
        next = page.next;
      }
      return seen;
    };
    for (const dir of ['asc', 'desc'] as const) {
      const seen = await pages(dir);
      const rows = seen.flat();
      expect(seen.map((page) => page.length)).toEqual([50, 3]);
      expect(new Set(rows.map((row) => row.id)).size).toBe(53);
      // The names first, in order, then the accounts with no name yet by id, in either direction.
      const names = rows.slice(0, 48).map((row) => row.name);
      expect(names.every(Boolean)).toBe(true);
      expect(names).toContain('Solo07');
      expect(rows.slice(48).map((row) => row.id)).toEqual(
        dir === 'asc' ? [...unnamed].sort(byId) : [...unnamed].sort(byId).reverse(),
      );
    }
    // Fifty names exactly: the first page ends on the last name, the next starts at the first account unnamed.
    await named(48, 50);
    const seen = await pages('asc');
    expect(seen.map((page) => page.length)).toEqual([50, 5]);
    expect(seen[0].every((row) => row.name !== '')).toBe(true);
    expect(seen[1].map((row) => row.id)).toEqual([...unnamed].sort(byId));
    await t.app.db.query(`DELETE FROM users WHERE username LIKE '%@edge.example'`);
  });

  test('pages of 50 by key: the next page starts after the last row, and nothing is seen twice', async () => {
    const t2 = t;
    await seedDemo(t2.app.db, 130);
    // Demo applicants with no answers yet have never saved: the sort by last save puts them after every save.
    for (const sort of ['last_name', 'submitted&dir=desc', 'saved&dir=desc', 'saved']) {
      const seen: { id: string; lastSavedAt: string | null }[] = [];
      let next: string | null = '';
      let pages = 0;
      while (next !== null) {
        const page: { rows: { id: string; lastSavedAt: string | null }[]; next: string | null } = (
          await list(reader, `?sort=${sort}${next ? `&after=${next}` : ''}`)
        ).json();
        seen.push(...page.rows);
        next = page.next;
        pages++;
      }
      expect(pages).toBe(3);
      expect(seen).toHaveLength(134);
      expect(new Set(seen.map((row) => row.id)).size).toBe(134);
      if (sort.startsWith('saved')) {
        const saves = seen.map((row) => row.lastSavedAt);
        const firstNever = saves.indexOf(null);
        expect(firstNever).toBeGreaterThan(0);
        expect(saves.slice(firstNever).every((at) => at === null)).toBe(true);
        const ordered = [...saves.slice(0, firstNever)].sort();
        expect(saves.slice(0, firstNever)).toEqual(sort === 'saved' ? ordered : ordered.reverse());
      }
    }
    expect((await list(reader, '?after=not-a-cursor')).json().message).toBe(
      'This list has changed. Please start from its first page.',
    );
    // A demo applicant is found by the start of its email, and by its name.
    const { rows: demoRows } = await t2.app.db.query<{ email: string; name: string }>(
      `SELECT email, name FROM applicant_list WHERE email LIKE '%@${DEMO_DOMAIN}' AND name <> '' LIMIT 1`,
    );
    const byEmail = (await list(reader, `?q=${encodeURIComponent(demoRows[0].email.slice(0, 12))}`)).json();
    expect(byEmail.rows.map((r: { email: string }) => r.email)).toContain(demoRows[0].email);
    const byName = (await list(reader, `?q=${encodeURIComponent(demoRows[0].name)}`)).json();
    expect(byName.rows.map((r: { email: string }) => r.email)).toContain(demoRows[0].email);
  });
});

test('the counts of the whole list follow each change of status (kept by triggers, as a count finds them)', async () => {
  const counted = async () =>
    Object.fromEntries(
      (
        await t.app.db.query<{ status: string; n: number }>(
          'SELECT status, count(*)::int AS n FROM applicant_list GROUP BY 1',
        )
      ).rows.map((row) => [row.status, row.n]),
    );
  const shown = async () => (await list(reader)).json().counts as Record<string, number>;
  const before = await shown();
  expect(before).toEqual({ none: 0, started: 0, validating: 0, submitted: 0, ...(await counted()) });
  const id = await applicant('counted@example.com', { first_name: 'Cal', last_name: 'Count' });
  expect(await shown()).toEqual({ ...before, started: before.started + 1 });
  await t.app.db.query(`INSERT INTO web_statuses (user_id, web_status) VALUES ($1, 'validating')`, [id]);
  expect(await shown()).toEqual({ ...before, validating: before.validating + 1 });
  await t.app.db.query(`UPDATE applications SET submitted_at = now() WHERE user_id = $1`, [id]);
  expect(await shown()).toEqual({ ...before, submitted: before.submitted + 1 });
  await t.app.db.query(`DELETE FROM users WHERE id = $1`, [id]);
  expect(await shown()).toEqual(before);
  expect(await shown()).toEqual({ none: 0, started: 0, validating: 0, submitted: 0, ...(await counted()) });
});

describe('one applicant', () => {
  test('the header, the answers, documents and timeline; audited as opened', async () => {
    const { rows } = await t.app.db.query<{ id: string }>(
      `SELECT id::text AS id FROM users WHERE username = 'ngozi@example.com'`,
    );
    const id = rows[0].id;
    const opened = await t.app.inject({ method: 'GET', url: `/staff/api/applicants/${id}`, ...asStaff(reader.cookie) });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.json()).toMatchObject({
      id,
      applicationId: applicationIdOf(id),
      name: 'Ngozi Okafor',
      email: 'ngozi@example.com',
      status: 'submitted',
      submittedAt: '2026-11-01T23:30:00.000Z',
      answer: expect.objectContaining({ first_name: 'Ngozi', applied_major: 'BIOL' }),
      documents: {},
    });
    expect(opened.json().timeline.map((e: { what: string }) => e.what)).toEqual(
      expect.arrayContaining(['Account created', 'Account confirmed', 'Submitted']),
    );
    expect((await auditRows(t)).at(-1)).toMatchObject({
      actor: 'reader@college.edu',
      action: 'applicant-opened',
      target: applicationIdOf(id),
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/staff/api/applicants/999999',
      ...asStaff(reader.cookie),
    });
    expect(missing.statusCode).toBe(404);
    const noDoc = await t.app.inject({
      method: 'GET',
      url: `/staff/api/applicants/${id}/documents/resume_doc`,
      ...asStaff(reader.cookie),
    });
    expect(noDoc.statusCode).toBe(404);
  });
});

describe('the export', () => {
  test('admins only; RFC 4180 with the fixed columns, formulas disarmed, the filters applied, audited with rows and SHA-256', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/staff/api/export/applications.csv', ...asStaff(reader.cookie) }))
        .statusCode,
    ).toBe(403);
    const response = await t.app.inject({
      method: 'GET',
      url: '/staff/api/export/applications.csv?status=submitted&term=Fall%202027',
      ...asStaff(admin.cookie),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body.split('\r\n')[0]).toBe(EXPORT_COLUMNS.applications.columns.join(','));
    const records: Record<string, string>[] = parse(response.body, { columns: true });
    const expected = (await list(admin, '?status=submitted&term=Fall%202027')).json();
    const filtered = await listAll('?status=submitted&term=Fall%202027');
    expect(records).toHaveLength(filtered.length);
    const ngozi = records.find((r) => r.email === 'ngozi@example.com')!;
    expect(ngozi).toMatchObject({
      first_name: 'Ngozi',
      applied_major: 'BIOL',
      applied_major_desc: 'Biology',
      status: 'submitted',
      submitted_at: '2026-11-01T23:30:00.000Z',
    });
    expect(ngozi.personal_statement_essay).toBe("'=SUM(A1:A9)");
    expect(expected.rows.length).toBeGreaterThan(0);

    const sha256 = (await import('node:crypto')).createHash('sha256').update(response.body).digest('hex');
    const audit = (await auditRows(t)).filter((r) => r.action === 'export');
    expect(audit.slice(-2)).toEqual([
      expect.objectContaining({
        actor: 'dean@college.edu',
        target: 'applications.csv v3',
        detail: 'started for=sis status=submitted term=Fall 2027',
      }),
      expect.objectContaining({
        actor: 'dean@college.edu',
        target: 'applications.csv v3',
        detail: `for=sis rows=${records.length} sha256=${sha256}`,
      }),
    ]);

    const parents = await t.app.inject({
      method: 'GET',
      url: '/staff/api/export/parents.csv?q=okafor',
      ...asStaff(admin.cookie),
    });
    const mine = (r: Record<string, string>) => r.application_id === ngozi.application_id;
    expect((parse(parents.body, { columns: true }) as Record<string, string>[]).filter(mine)).toEqual([
      expect.objectContaining({
        application_id: ngozi.application_id,
        parent_number: '1',
        first_name: 'Chidi',
        last_name: 'Okafor',
      }),
    ]);
    const activities = await t.app.inject({
      method: 'GET',
      url: '/staff/api/export/activities.csv?q=okafor',
      ...asStaff(admin.cookie),
    });
    expect(
      (parse(activities.body, { columns: true }) as Record<string, string>[])
        .filter(mine)
        .map((r) => [r.activity_number, r.name]),
    ).toEqual([
      ['1', 'Chess club'],
      ['2', "'+Robotics"],
    ]);
  });
});

async function listAll(query: string) {
  const rows: unknown[] = [];
  let next: string | null = '';
  while (next !== null) {
    const page: { rows: unknown[]; next: string | null } = (
      await list(admin, `${query}${next ? `&after=${next}` : ''}`)
    ).json();
    rows.push(...page.rows);
    next = page.next;
  }
  return rows;
}
