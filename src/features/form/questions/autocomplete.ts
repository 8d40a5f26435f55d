/**
 * The applicant's own personal data get their autocomplete token (WCAG 1.3.5 Identify Input Purpose), so browsers
 * and assistive tools can fill and label them. Other people's data (parents, counselor) get none.
 */
const TOKENS: Readonly<Record<string, string>> = {
  first_name: 'given-name',
  middle_name: 'additional-name',
  last_name: 'family-name',
  preferred_name: 'nickname',
  birth_date: 'bday',
  phone_home: 'tel',
  phone_mobile: 'tel',
  address_line_2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
  country: 'country',
};

export const autocompleteFor = (key: string): string | undefined => TOKENS[key];
