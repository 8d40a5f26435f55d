import type { Option } from '../definition/types';

/**
 * The blank first choice of every list but the months' (SPEC §3 keeps '--' there): it says what to do, where a bare
 * '--' read as a broken control. Its own small module, so a select can use it without loading the lists.
 */
export const BLANK_OPTION: Option = { value: '', label: 'Choose…' };

/** SPEC §3's blank month, '--'; the year beside it in a month/year pair reads the same. */
export const MONTH_BLANK: Option = { value: '', label: '--' };
