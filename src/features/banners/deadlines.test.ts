import { activeDeadline, DEADLINE_WINDOWS } from './deadlines';

/** A wall-clock time in New York, the college's zone (the windows are its calendar days). */
function at(y: number, m: number, d: number, h = 12, min = 0, timeZone = 'America/New_York'): Date {
  const guess = Date.UTC(y, m - 1, d, h, min);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(new Date(guess))
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return new Date(guess - (wall - guess));
}

describe('activeDeadline', () => {
  it.each([
    // December 1: 10/29/2024 to 12/2/2024
    ['the day before December 1 opens', at(2024, 10, 28, 23, 59), null],
    ['the first minute of 10/29/2024', at(2024, 10, 29, 0, 0), 'December 1'],
    ['inside December 1', at(2024, 11, 15), 'December 1'],
    ['the last minute of 12/2/2024', at(2024, 12, 2, 23, 59), 'December 1'],
    ['12/3/2024, between windows', at(2024, 12, 3, 0, 0), null],
    ['12/14/2024, between windows', at(2024, 12, 14, 23, 59), null],
    // January 15: 12/15/2024 to 1/16/2025
    ['12/15/2024', at(2024, 12, 15, 0, 0), 'January 15'],
    ['new year’s day', at(2025, 1, 1), 'January 15'],
    ['1/16/2025', at(2025, 1, 16, 23, 59), 'January 15'],
    ['1/17/2025', at(2025, 1, 17, 0, 0), null],
    ['1/31/2025', at(2025, 1, 31), null],
    // March 1: 2/1/2025 to 3/2/2025
    ['2/1/2025', at(2025, 2, 1, 0, 0), 'March 1'],
    ['3/1/2025', at(2025, 3, 1), 'March 1'],
    // 3/2/2025 ends March 1 and starts April 1: the one ending first wins.
    ['3/2/2025 (both windows): the earlier-ending one', at(2025, 3, 2, 0, 0), 'March 1'],
    ['3/2/2025 late evening', at(2025, 3, 2, 23, 59), 'March 1'],
    // April 1: 3/2/2025 to 4/2/2025
    ['3/3/2025', at(2025, 3, 3, 0, 0), 'April 1'],
    ['4/2/2025', at(2025, 4, 2, 23, 59), 'April 1'],
    ['4/3/2025', at(2025, 4, 3, 0, 0), null],
    ['a year later, same day as a window', at(2025, 11, 15), null],
    ['a year earlier', at(2023, 12, 20), null],
    // The college's day, not UTC's: 9 pm on 12/2 in New York is already 12/3 in UTC.
    ['the evening of 12/2/2024 in New York', at(2024, 12, 2, 21, 0), 'December 1'],
  ])('%s → %s', (_label, now, expected) => {
    expect(activeDeadline(now)?.deadline ?? null).toBe(expected);
  });

  it('keeps the spec’s four windows as data', () => {
    expect(DEADLINE_WINDOWS.map((w) => [w.deadline, w.start, w.end])).toEqual([
      ['December 1', '2024-10-29', '2024-12-02'],
      ['January 15', '2024-12-15', '2025-01-16'],
      ['March 1', '2025-02-01', '2025-03-02'],
      ['April 1', '2025-03-02', '2025-04-02'],
    ]);
  });

  it('takes other windows (the data can change without code)', () => {
    const windows = [
      { deadline: 'Later', start: '2030-01-01', end: '2030-01-31' },
      { deadline: 'Sooner', start: '2030-01-10', end: '2030-01-20' },
    ];
    expect(activeDeadline(at(2030, 1, 5), windows)?.deadline).toBe('Later');
    expect(activeDeadline(at(2030, 1, 15), windows)?.deadline).toBe('Sooner');
    expect(activeDeadline(at(2030, 1, 25), windows)?.deadline).toBe('Later');
  });

  // Far from every window the zone is not asked (its first use is a long task); near one, every zone's day counts.
  it.each([
    ['14 hours ahead of UTC, already the window’s day', 'Pacific/Kiritimati', '2030-01-09T11:00:00Z', 'One day'],
    ['11 hours behind UTC, still the window’s day', 'Pacific/Pago_Pago', '2030-01-11T10:00:00Z', 'One day'],
    ['14 hours ahead, the day after the window', 'Pacific/Kiritimati', '2030-01-10T11:00:00Z', null],
    ['11 hours behind, the day before the window', 'Pacific/Pago_Pago', '2030-01-10T10:00:00Z', null],
    ['a month away', 'Pacific/Kiritimati', '2030-02-10T11:00:00Z', null],
  ])('in the college’s zone: %s', (_label, timeZone, iso, expected) => {
    const windows = [{ deadline: 'One day', start: '2030-01-10', end: '2030-01-10' }];
    expect(activeDeadline(new Date(iso), windows, timeZone)?.deadline ?? null).toBe(expected);
  });
});
