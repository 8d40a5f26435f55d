import { parseAcceptLanguage, preferredLanguage } from './languages';

it('reads Accept-Language by quality, then by order, dropping refused and malformed parts', () => {
  expect(parseAcceptLanguage('en;q=0.8, es-MX, es;q=0.9')).toEqual(['es-MX', 'es', 'en']);
  expect(parseAcceptLanguage('fr;q=0, *;q=0.5, ;q=1, de;q=oops')).toEqual([]);
  expect(parseAcceptLanguage(undefined)).toEqual([]);
});

it('offers the first preferred language we speak, by its primary tag', () => {
  expect(preferredLanguage(['fr-CA', 'es-419', 'en-US'])).toBe('es');
  expect(preferredLanguage(['EN-gb', 'es'])).toBe('en');
  expect(preferredLanguage(['fr', 'de'])).toBeUndefined();
});
