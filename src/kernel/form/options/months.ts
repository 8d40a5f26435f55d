/** Months (SPEC §3): '' shown as '--', then 1 to 12 with their names. Values are unpadded strings. */
import type { Option } from '../definition/types';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

import { MONTH_BLANK } from './blank';

const MONTHS: readonly Option[] = [MONTH_BLANK, ...MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label }))];

export const months = (): readonly Option[] => MONTHS;
