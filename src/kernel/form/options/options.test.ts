import { questionByKey } from '../definition';
import type { Question } from '../definition/types';
import {
  ARMED_FORCES,
  canadianProvinces,
  countries,
  countriesWithoutUsa,
  countryName,
  entryTerms,
  months,
  optionLabel,
  optionsFor,
  resolveOptions,
  states,
  usStates,
  years,
} from './index';

describe('months', () => {
  it("is '' shown as '--', then 1 to 12 with their names", () => {
    const list = months();
    expect(list).toHaveLength(13);
    expect(list[0]).toEqual({ value: '', label: '--' });
    expect(list[1]).toEqual({ value: '1', label: 'January' });
    expect(list[12]).toEqual({ value: '12', label: 'December' });
    expect(list.map((m) => m.value)).toEqual(['', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
  });
});

describe('years', () => {
  const now = new Date(2025, 5, 15);
  it.each<[number, 'past' | 'future', number | undefined, string[]]>([
    [3, 'past', undefined, ['2025', '2024', '2023']],
    [3, 'future', undefined, ['2025', '2026', '2027']],
    [2, 'past', 2000, ['2000', '1999']],
    [2, 'future', 2030, ['2030', '2031']],
    [1, 'future', undefined, ['2025']],
    [0, 'past', undefined, []],
  ])('years(%i, %s, %s)', (numYears, direction, startYear, expected) => {
    const list = years(numYears, direction, startYear, now);
    expect(list.map((y) => y.value)).toEqual(expected);
    expect(list.every((y) => y.label === y.value)).toBe(true);
  });

  it('defaults to the current year of the real clock', () => {
    expect(years(1, 'past')[0].value).toBe(String(new Date().getFullYear()));
  });
});

describe('entry terms', () => {
  it.each<[Date, string[]]>([
    [new Date(2025, 5, 15), ['Fall 2025', 'Spring 2026', 'Fall 2026', 'Spring 2027']],
    [new Date(2025, 0, 10), ['Fall 2025', 'Spring 2026', 'Fall 2026', 'Spring 2027']],
    [new Date(2025, 7, 20), ['Spring 2026', 'Fall 2026', 'Spring 2027', 'Fall 2027']],
    [new Date(2025, 11, 31), ['Spring 2026', 'Fall 2026', 'Spring 2027', 'Fall 2027']],
  ])('on %s', (now, expected) => {
    expect(entryTerms(4, now)).toEqual(expected.map((t) => ({ value: t, label: t })));
  });
});

describe('countries', () => {
  const list = countries();
  const without = countriesWithoutUsa();

  it('has about 200 entries with short codes', () => {
    expect(list.length).toBeGreaterThan(200);
    expect(list.length).toBeLessThan(260);
    for (const c of list.slice(1)) expect(c.value).toMatch(/^[A-Z]{2,3}$/);
    expect(new Set(list.map((c) => c.value)).size).toBe(list.length);
  });

  it('puts USA second, under the blank choice, then the rest alphabetically', () => {
    expect(list[0]).toEqual({ value: '', label: 'Choose…' });
    expect(list[1]).toEqual({ value: 'USA', label: 'United States' });
    const rest = list.slice(2).map((c) => c.label);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(list.filter((c) => c.value === 'USA')).toHaveLength(1);
  });

  it('sorts accented names with their letter, as English does', () => {
    const labels = list.map((c) => c.label);
    expect(labels.slice(labels.indexOf('Afghanistan'), labels.indexOf('Afghanistan') + 3)).toEqual([
      'Afghanistan',
      'Åland Islands',
      'Albania',
    ]);
    expect(labels.indexOf('Curaçao')).toBe(labels.indexOf('Cyprus') - 1);
  });

  it('the list without USA is the same list less the United States', () => {
    expect(without.some((c) => c.value === 'USA')).toBe(false);
    expect(without).toEqual(list.filter((c) => c.value !== 'USA'));
  });

  it.each([
    ['UK', 'United Kingdom'],
    ['CAN', 'Canada'],
    ['MEX', 'Mexico'],
    ['CHN', 'China'],
    ['FRA', 'France'],
    ['IND', 'India'],
  ])('%s is %s', (code, name) => {
    expect(countryName(code)).toBe(name);
  });

  it('GBR is shown as UK (the spec’s example), and uninhabited places are left out', () => {
    expect(list.some((c) => c.value === 'GBR')).toBe(false);
    expect(list.some((c) => c.value === 'ATA')).toBe(false);
    expect(countryName('nowhere')).toBe('');
  });
});

describe('states and provinces', () => {
  it('U.S.: 50 states, DC, 5 territories and 3 armed-forces areas, by full name, postal codes as values', () => {
    const us = usStates();
    expect(us).toHaveLength(59);
    expect(us).toContainEqual({ value: 'NY', label: 'New York' });
    expect(us).toContainEqual({ value: 'DC', label: 'District of Columbia' });
    expect(us).toContainEqual({ value: 'PR', label: 'Puerto Rico' });
    expect(us).toContainEqual({ value: 'GU', label: 'Guam' });
    expect(us.slice(-3)).toEqual(ARMED_FORCES);
    expect(ARMED_FORCES.map((a) => a.label)).toEqual([
      'Armed Forces Americas',
      'Armed Forces Europe',
      'Armed Forces Pacific',
    ]);
  });

  it('Canada: 10 provinces and 3 territories', () => {
    const ca = canadianProvinces();
    expect(ca).toHaveLength(13);
    expect(ca).toContainEqual({ value: 'ON', label: 'Ontario' });
    expect(ca).toContainEqual({ value: 'YT', label: 'Yukon' });
  });

  it('each list is in English alphabetical order (the armed-forces areas last)', () => {
    for (const labels of [usStates().slice(0, -3), canadianProvinces()].map((list) => list.map((o) => o.label))) {
      expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    }
  });

  it('the whole list has no clashing codes', () => {
    const all = states();
    expect(all).toHaveLength(72);
    expect(new Set(all.map((s) => s.value)).size).toBe(all.length);
  });
});

describe('options of a question', () => {
  const now = new Date(2025, 5, 15);
  const q = (key: string) => questionByKey(key) as Question;

  it('a dependent dropdown follows its controlling answer', () => {
    expect(optionsFor(q('state'), { country: 'USA' }, { now })).toBe(usStates());
    expect(optionsFor(q('state'), { country: 'CAN' }, { now })).toBe(canadianProvinces());
    expect(optionsFor(q('state'), { country: 'FRA' }, { now })).toEqual([]);
    expect(optionsFor(q('state'), {}, { now })).toEqual([]);
  });

  it('static, named and clock-relative lists', () => {
    expect(optionsFor(q('conviction')).map((o) => o.value)).toEqual(['Y', 'N']);
    expect(optionsFor(q('country'))).toBe(countries());
    expect(optionsFor(q('citizenship'))).toBe(countriesWithoutUsa());
    expect(optionsFor(q('entry_term'), {}, { now })[0].value).toBe('Fall 2025');
    expect(optionsFor(q('grad'), {}, { now }, 'month')).toBe(months());
    expect(optionsFor(q('grad'), {}, { now }, 'year').map((o) => o.value)).toEqual([
      '2019',
      '2020',
      '2021',
      '2022',
      '2023',
      '2024',
      '2025',
      '2026',
      '2027',
      '2028',
      '2029',
    ]);
    expect(optionsFor(q('first_name'))).toEqual([]);
    expect(resolveOptions({ source: 'years', numYears: 2, direction: 'past', startYearOffset: -1 }, { now })).toEqual([
      { value: '2024', label: '2024' },
      { value: '2023', label: '2023' },
    ]);
  });

  it('optionLabel gives the text for {key}_desc', () => {
    expect(optionLabel(q('state'), 'NY', { country: 'USA' })).toBe('New York');
    expect(optionLabel(q('conviction'), 'Y')).toBe('Yes');
    expect(optionLabel(q('country'), 'UK')).toBe('United Kingdom');
    expect(optionLabel(q('grad'), '6', {}, {}, 'month')).toBe('June');
    expect(optionLabel(q('conviction'), 'maybe')).toBe('');
  });
});
