/**
 * Countries (SPEC §3: "about 200 entries with short codes (e.g. USA, UK); a list without USA; USA inserted
 * second in the with-USA list"), from i18n-iso-countries with only the English names registered.
 *
 * - Values are ISO 3166-1 alpha-3 codes (USA, CAN, MEX…), the codes the lookup data uses, except the United
 *   Kingdom, whose value is 'UK' as in the spec's example (its alpha-3 code is GBR).
 * - Labels are the package's English names, with the everyday name where the package gives a formal one
 *   (China, not "People's Republic of China"), sorted alphabetically.
 * - Uninhabited territories (Antarctica, Bouvet Island…) are left out: nobody lives or studies there.
 * - Both lists start with the blank choice { value: '', label: 'Choose…' } (BLANK_OPTION), so an applicant
 *   can clear the answer; in the with-USA list the United States comes second, right under it, because most
 *   applicants choose it. Then every other country alphabetically.
 */
import isoCountries from 'i18n-iso-countries/index';
import en from 'i18n-iso-countries/langs/en.json';
import type { Option } from '../definition/types';
import { sortedByLabel } from './byLabel';
import { BLANK_OPTION } from './blank';

export const USA = 'USA';
export const CANADA = 'CAN';

/** Alpha-3 codes replaced by the spec's short code. */
export const CODE_OVERRIDES: Readonly<Record<string, string>> = { GBR: 'UK' };

const LABEL_OVERRIDES: Readonly<Record<string, string>> = {
  USA: 'United States',
  CHN: 'China',
  FLK: 'Falkland Islands',
  GMB: 'Gambia',
  VAT: 'Vatican City',
  IRN: 'Iran',
  LAO: 'Laos',
  FSM: 'Micronesia',
  MDA: 'Moldova',
  MKD: 'North Macedonia',
  PSE: 'Palestine',
  RUS: 'Russia',
  SYR: 'Syria',
  TWN: 'Taiwan',
  TZA: 'Tanzania',
  VGB: 'British Virgin Islands',
  VIR: 'U.S. Virgin Islands',
};

/** Alpha-3 codes of places without a permanent population. */
const UNINHABITED = new Set(['ATA', 'BVT', 'HMD', 'ATF', 'SGS', 'UMI']);

export { BLANK_OPTION };

let all: readonly Option[] | undefined;

/** Every country, alphabetically, USA included at its alphabetical place (no blank). */
function sortedCountries(): readonly Option[] {
  if (all) return all;
  isoCountries.registerLocale(en);
  const names = isoCountries.getNames('en', { select: 'official' });
  const options: Option[] = [];
  for (const [alpha2, name] of Object.entries(names)) {
    const alpha3 = isoCountries.alpha2ToAlpha3(alpha2);
    if (!alpha3 || UNINHABITED.has(alpha3)) continue;
    options.push({ value: CODE_OVERRIDES[alpha3] ?? alpha3, label: LABEL_OVERRIDES[alpha3] ?? name });
  }
  all = sortedByLabel(options);
  return all;
}

let withUsa: readonly Option[] | undefined;
let withoutUsa: readonly Option[] | undefined;

/** Blank, United States, then every other country alphabetically. */
export function countries(): readonly Option[] {
  if (!withUsa) {
    const list = sortedCountries();
    withUsa = [BLANK_OPTION, list.find((c) => c.value === USA)!, ...list.filter((c) => c.value !== USA)];
  }
  return withUsa;
}

/** Blank, then every country but the United States (e.g. "country of citizenship other than the U.S."). */
export function countriesWithoutUsa(): readonly Option[] {
  withoutUsa ??= [BLANK_OPTION, ...sortedCountries().filter((c) => c.value !== USA)];
  return withoutUsa;
}

/** A country's name by its code ('' when unknown). */
export const countryName = (code: string) => sortedCountries().find((c) => c.value === code)?.label ?? '';
