import { FILE_MAX_BYTES } from '../constants';
import { checkFile, FILE_ACCEPT, FILE_MESSAGES, fileExtension, shortenedName } from './fileRules';

describe('checkFile (SPEC §5 file upload)', () => {
  it.each([
    ['statement.pdf', 1000, 'application/pdf'],
    ['photo.PNG', 1, 'image/png'],
    ['photo.jpg', 500, 'image/jpeg'],
    ['photo.jpeg', 500, undefined],
    ['essay.docx', FILE_MAX_BYTES, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['essay.docx', 10, ''],
    ['essay.docx', 10, 'application/octet-stream'],
    [`${'a'.repeat(27)}.docx`, 10, undefined],
  ])('accepts %s (%i bytes, %s)', (name, size, type) => {
    expect(checkFile({ name, size, type })).toBeNull();
  });

  it('refuses a file over 1 MB', () => {
    expect(checkFile({ name: 'a.pdf', size: FILE_MAX_BYTES + 1 })).toBe(FILE_MESSAGES.tooLarge);
  });

  it.each(['a.exe', 'a.gif', 'a.doc', 'pdf', 'a.', '.pdf', 'a.pdf.zip'])('refuses the type of %s', (name) => {
    expect(checkFile({ name, size: 10 })).toBe(FILE_MESSAGES.wrongType);
  });

  it('refuses a known browser type that does not match the extension', () => {
    expect(checkFile({ name: 'a.pdf', size: 10, type: 'application/x-msdownload' })).toBe(FILE_MESSAGES.wrongType);
    expect(checkFile({ name: 'a.png', size: 10, type: 'image/jpeg' })).toBe(FILE_MESSAGES.wrongType);
  });

  it('refuses a name over 32 characters including the extension', () => {
    expect(checkFile({ name: `${'a'.repeat(28)}.pdf`, size: 10 })).toBeNull();
    expect(checkFile({ name: `${'a'.repeat(29)}.pdf`, size: 10 })).toBe(FILE_MESSAGES.nameTooLong);
  });

  it('refuses an empty file', () => {
    expect(checkFile({ name: 'a.pdf', size: 0 })).toBe(FILE_MESSAGES.empty);
  });

  it('reports the first failing rule', () => {
    expect(checkFile({ name: `${'a'.repeat(40)}.exe`, size: FILE_MAX_BYTES + 1 })).toBe(FILE_MESSAGES.tooLarge);
    expect(checkFile({ name: `${'a'.repeat(40)}.exe`, size: 0 })).toBe(FILE_MESSAGES.wrongType);
    expect(checkFile({ name: `${'a'.repeat(40)}.pdf`, size: 0 })).toBe(FILE_MESSAGES.nameTooLong);
  });

  it('reads extensions and the accept list', () => {
    expect(fileExtension('C:\\docs\\Essay.DOCX')).toBe('docx');
    expect(fileExtension('noext')).toBe('');
    expect(FILE_ACCEPT).toBe('.png,.jpeg,.jpg,.pdf,.docx');
  });
});

describe('shortenedName (a name too long, made to fit)', () => {
  const length = (name: string) => [...name].length;

  it('keeps the start and the extension, within 32 characters, and passes checkFile', () => {
    const short = shortenedName('Personal-Statement-Maria-Hernandez.docx');
    expect(short).toBe('Personal-Statement-Maria-He.docx');
    expect(length(short)).toBe(32);
    expect(checkFile({ name: short, size: 10 })).toBeNull();
  });

  it('returns a name that fits as it is', () => {
    expect(shortenedName('essay.pdf')).toBe('essay.pdf');
    expect(shortenedName(`${'a'.repeat(28)}.pdf`)).toBe(`${'a'.repeat(28)}.pdf`);
  });

  it('keeps the extension as written and the last dot only', () => {
    expect(shortenedName(`${'b'.repeat(40)}.final.PDF`)).toBe(`${'b'.repeat(28)}.PDF`);
    expect(shortenedName(`${'c'.repeat(20)}.v2.${'d'.repeat(20)}.jpeg`)).toBe(
      `${'c'.repeat(20)}.v2.${'d'.repeat(3)}.jpeg`,
    );
  });

  it('leaves no separator or space before the dot', () => {
    expect(shortenedName(`${'e'.repeat(26)}_-  ${'f'.repeat(10)}.docx`)).toBe(`${'e'.repeat(26)}.docx`);
  });

  it('counts characters as checkFile does and never splits one', () => {
    const accented = `${'é'.repeat(30)}.pdf`;
    expect(shortenedName(accented)).toBe(`${'é'.repeat(28)}.pdf`);
    // 'e' + a combining accent is one letter of two code points: kept whole or not at all.
    const combining = `${'e\u0301'.repeat(20)}.pdf`;
    const short = shortenedName(combining);
    expect(length(short)).toBeLessThanOrEqual(32);
    expect(short).toBe(`${'e\u0301'.repeat(14)}.pdf`);
    const emoji = `${'📄'.repeat(40)}.png`;
    expect(shortenedName(emoji)).toBe(`${'📄'.repeat(28)}.png`);
    expect(checkFile({ name: shortenedName(emoji), size: 10 })).toBeNull();
  });
});
