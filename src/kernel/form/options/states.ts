/**
 * States and provinces (SPEC §3: "US states, territories, armed forces areas, Canadian provinces and territories
 * by full name"), from the provinces package plus the three armed-forces areas it lacks.
 *
 * Value: the two-letter postal code (NY, DC, PR, AE, ON…), the form the lookup data fills in; label (and so the
 * {key}_desc companion): the full name. The U.S. codes and Canada's never collide, so one list can hold both.
 * U.S. Minor Outlying Islands are left out (no postal addresses).
 */
import provinces from 'provinces';
import type { Option } from '../definition/types';
import { sortedByLabel } from './byLabel';

interface Province {
  short?: string;
  name: string;
  country: string;
}

export const ARMED_FORCES: readonly Option[] = [
  { value: 'AA', label: 'Armed Forces Americas' },
  { value: 'AE', label: 'Armed Forces Europe' },
  { value: 'AP', label: 'Armed Forces Pacific' },
];

const EXCLUDED = new Set(['UM']);

const fromPackage = (country: 'US' | 'CA'): Option[] =>
  sortedByLabel(
    (provinces as readonly Province[])
      .filter((p) => p.country === country && p.short && !EXCLUDED.has(p.short))
      .map((p) => ({ value: p.short!, label: p.name })),
  );

let us: readonly Option[] | undefined;
let ca: readonly Option[] | undefined;

/** U.S. states, D.C. and territories alphabetically, then the armed-forces areas. */
export function usStates(): readonly Option[] {
  us ??= [...fromPackage('US'), ...ARMED_FORCES];
  return us;
}

/** Canadian provinces and territories, alphabetically. */
export function canadianProvinces(): readonly Option[] {
  ca ??= fromPackage('CA');
  return ca;
}

/** States for 'US', provinces for 'CA', or both (U.S. first). */
export function states(country?: 'US' | 'CA'): readonly Option[] {
  if (country === 'US') return usStates();
  if (country === 'CA') return canadianProvinces();
  return [...usStates(), ...canadianProvinces()];
}
