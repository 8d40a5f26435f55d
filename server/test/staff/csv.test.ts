import { parse } from 'csv-parse/sync';
import { csvLines, safeCell } from '../../src/staff/csv';

test('RFC 4180: CRLF lines, cells quoted only when they must be (and empty ones), read back as written', () => {
  const rows = [
    ['plain', '', 'a, b', 'say "hi"', 'two\r\nlines', 'line\nfeed', 'José Núñez'],
    ['=1+1', '+x', '-y', '@z', '\tTab', '\rCR', 'ok'].map(safeCell),
  ];
  const text = csvLines(rows);
  expect(text).toBe(
    'plain,"","a, b","say ""hi""","two\r\nlines","line\nfeed",José Núñez\r\n' +
      `'=1+1,'+x,'-y,'@z,'\tTab,"'\rCR",ok\r\n`,
  );
  expect(parse(text, { record_delimiter: '\r\n' })).toEqual(rows);
});

test('a phone number in E.164 (a plus and digits only) is left as it is; any other text starting with + is not', () => {
  expect(safeCell('+525512345678')).toBe('+525512345678');
  expect(safeCell('+52 55 1234 5678')).toBe("'+52 55 1234 5678");
  expect(safeCell('+1+1')).toBe("'+1+1");
  expect(safeCell('+0123')).toBe("'+0123");
});
