import { deriveWebStatus } from './webStatus';

describe('deriveWebStatus (SPEC §4: count of distinct recognised entries)', () => {
  it.each([
    [[], null],
    [['started'], 'started'],
    [['started', 'started'], 'started'],
    [['started', 'validating'], 'validating'],
    [['validating', 'started', 'submitted'], 'submitted'],
    [['bogus'], null],
    [['started', 'bogus'], 'started'],
  ])('%j → %s', (entries, expected) => {
    expect(deriveWebStatus(entries.map((web_status) => ({ web_status })))).toBe(expected);
  });
});
