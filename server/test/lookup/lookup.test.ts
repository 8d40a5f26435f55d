import { makeApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const find = (query: string) => t.app.inject({ method: 'GET', url: `/lookup/find?${query}` });

describe('/lookup/find', () => {
  it('suggests at most 5 matches as text, id, sub_text, names starting with the query first', async () => {
    const res = await find('text=sample&category=hs_ceeb&max_results=5');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(5);
    expect(list[0]).toEqual({
      id: expect.any(String),
      text: expect.stringMatching(/^Sample /),
      sub_text: expect.any(String),
    });
  });

  it('matches every word anywhere, case-insensitively, within one category', async () => {
    expect((await find('text=HIGH%20central&category=hs_ceeb')).json()).toEqual([
      { id: '990001', text: 'Sample Central High School', sub_text: 'Springfield, IL 62701' },
    ]);
    expect((await find('text=central&category=college_ceeb')).json()).toEqual([]);
    expect((await find('text=100%25&category=address')).json()).toEqual([]);
  });

  it('returns the detail of a record by id', async () => {
    expect((await find('id=990001&category=hs_ceeb')).json()).toEqual({
      name: 'Sample Central High School',
      address_line_1: '100 Maple Avenue',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'USA',
      ceeb: '990001',
    });
    expect((await find('id=a-0001&category=address')).json()).toMatchObject({
      address_line_1: '100 Maple Avenue',
      address_line_2: 'Apt 2',
    });
    const missing = await find('id=nope&category=hs_ceeb');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No record was found for this selection.');
  });

  it.each([
    ['an unknown category', 'text=a&category=planets'],
    ['no category', 'text=a'],
    ['neither text nor id', 'category=hs_ceeb'],
    ['more than 5 results', 'text=a&category=hs_ceeb&max_results=6'],
    ['an unknown parameter', 'text=a&category=hs_ceeb&sql=1'],
  ])('answers %s with 400 and a message', async (_, query) => {
    const res = await find(query);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('imports a CSV, replacing the category, and refuses one without the documented columns', async () => {
    const n = await t.app.services.lookup.importCsv(
      'college_ceeb',
      '# comment\nid,name,address_line_1,city,state,zip,country\n1,Real College,1 Road,Town,NY,10001,USA\n',
    );
    expect(n).toBe(1);
    expect((await find('text=college&category=college_ceeb')).json()).toEqual([
      { id: '1', text: 'Real College', sub_text: 'Town, NY 10001' },
    ]);
    await expect(t.app.services.lookup.importCsv('hs_ceeb', 'id,title\n1,x\n')).rejects.toThrow(
      /lacks the columns: name/,
    );
    expect(await t.app.services.lookup.count('hs_ceeb')).toBe(8);
  });
});
