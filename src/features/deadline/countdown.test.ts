import { momentIn, momentText, readApplicationDeadline, timeLeftText } from './countdown';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('how long is left', () => {
  it.each([
    [2 * DAY + 3 * HOUR + 14 * MINUTE, '2 days, 3 hours and 14 minutes'],
    [DAY + 5 * MINUTE, '1 day and 5 minutes'],
    [DAY, '1 day'],
    [HOUR + MINUTE, '1 hour and 1 minute'],
    [59 * MINUTE, '59 minutes'],
    [3 * DAY + 2 * HOUR, '3 days and 2 hours'],
  ])('%d ms reads "%s"', (ms, text) => {
    expect(timeLeftText(ms)).toBe(text);
  });

  it('rounds up to the minute: half a minute before the deadline is not "0 minutes"', () => {
    expect(timeLeftText(30_000)).toBe('1 minute');
    expect(timeLeftText(1)).toBe('1 minute');
    expect(timeLeftText(MINUTE + 1)).toBe('2 minutes');
    expect(timeLeftText(23 * HOUR + 59 * MINUTE + 30_000)).toBe('1 day');
  });
});

describe('the moment, in the college’s zone and the applicant’s own', () => {
  // 11:59 PM on 15 January 2027 in New York.
  const deadline = Date.parse('2027-01-16T04:59:00Z');

  it('names both when the applicant’s clocks read otherwise', () => {
    const moment = momentIn(deadline, 'America/New_York', 'Europe/Paris');
    expect(moment).toEqual({ college: 'January 15, 2027 at 11:59 PM EST', own: 'January 16, 2027 at 5:59 AM GMT+1' });
    expect(momentText(moment)).toBe(
      'January 15, 2027 at 11:59 PM EST (the college’s time; January 16, 2027 at 5:59 AM GMT+1 where you are)',
    );
    expect(momentIn(deadline, 'America/New_York', 'America/Los_Angeles').own).toBe('January 15, 2027 at 8:59 PM PST');
  });

  it('names the college’s alone when they read alike, in the same zone or one that keeps the same time', () => {
    for (const own of ['America/New_York', 'America/Detroit', undefined]) {
      const moment = momentIn(deadline, 'America/New_York', own);
      expect(moment).toEqual({ college: 'January 15, 2027 at 11:59 PM EST' });
      expect(momentText(moment)).toBe('January 15, 2027 at 11:59 PM EST (the college’s time)');
    }
  });

  it('keeps the college’s time when the browser names a zone it cannot format', () => {
    expect(momentIn(deadline, 'America/Chicago', 'Not/A_Zone')).toEqual({
      college: 'January 15, 2027 at 10:59 PM CST',
    });
  });
});

describe('the deadline from the page', () => {
  const page = (content: string) => {
    const doc = document.implementation.createHTMLDocument('');
    const meta = doc.createElement('meta');
    meta.name = 'app-config';
    meta.content = content;
    doc.head.append(meta);
    return doc;
  };

  it('reads the instant the server wrote into app-config', () => {
    expect(readApplicationDeadline(page('{"deadline":"2027-01-16T04:59:00.000Z"}'))).toBe(
      Date.parse('2027-01-16T04:59:00.000Z'),
    );
  });

  it.each(['{}', '{"deadline":"soon"}', '{"deadline":17}', 'not json', ''])('finds none in %j', (content) => {
    expect(readApplicationDeadline(page(content))).toBeNull();
  });
});
