import { changedKeys, mergeAnswers } from './merge';

describe('mergeAnswers (409: this tab’s changes win, the rest takes the server’s value)', () => {
  it.each([
    [
      'other keys take the server value',
      { a: 'server', b: 'server-b' },
      { a: 'local', b: 'old' },
      ['a'],
      { a: 'local', b: 'server-b' },
    ],
    ['a key only the server has is kept', { a: '1', c: 'new' }, { a: '1' }, [], { a: '1', c: 'new' }],
    ['a dirty key deleted here stays deleted', { a: 'server' }, {}, ['a'], {}],
    [
      'a dirty radio brings its _desc',
      { g: 'M', g_desc: 'Male' },
      { g: 'F', g_desc: 'Female' },
      ['g'],
      { g: 'F', g_desc: 'Female' },
    ],
    [
      'booleans merge like strings',
      { legal_agree: false },
      { legal_agree: true },
      ['legal_agree'],
      { legal_agree: true },
    ],
    ['nothing dirty: the server wins entirely', { a: 'server' }, { a: 'local' }, [], { a: 'server' }],
  ])('%s', (_, server, local, dirty, expected) => {
    expect(mergeAnswers(server, local, dirty)).toEqual(expected);
  });

  it('changedKeys lists added, removed and changed keys', () => {
    expect(changedKeys({ a: '1', b: '2', c: '3' }, { a: '1', b: 'x', d: '4' }).sort()).toEqual(['b', 'c', 'd']);
  });
});
