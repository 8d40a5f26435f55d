import { applyMask, caretAfterDigits, formatPhone, formatSsn, PHONE_MASK, SSN_MASK } from './format';

describe('phone formatting', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5550', '(555) 0'],
    ['555010', '(555) 010'],
    ['5550100', '(555) 010-0'],
    ['5550100142', '(555) 010-0142'],
    ['55501001429999', '(555) 010-0142'],
    ['555-010-0142', '(555) 010-0142'],
    ['+1 (555) 010-0142', '(555) 010-0142'],
    ['abc', ''],
  ])('%j → %j', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });

  it('keeps the caret after the digit it followed', () => {
    // Typing a 4th digit after "(555": the caret lands after it, past ") ".
    expect(applyMask(PHONE_MASK, '(555', '(5550', 5)).toEqual({ value: '(555) 0', caret: 7 });
    // Typing in the middle: '9' inserted after the first digit.
    expect(applyMask(PHONE_MASK, '(555) 010', '(5955) 010', 3)).toEqual({ value: '(595) 501-0', caret: 3 });
  });

  it('a backspace on punctuation removes the digit before it', () => {
    // "(555) 010-0|142" → backspace after the hyphen removes the '0' before it.
    expect(applyMask(PHONE_MASK, '(555) 010-0142', '(555) 0100142', 9)).toEqual({ value: '(555) 010-142', caret: 8 });
    // ") " removed by backspace after "(555) |": the 3rd digit goes.
    expect(applyMask(PHONE_MASK, '(555) 010', '(555)010', 5)).toEqual({ value: '(550) 10', caret: 3 });
  });

  it('a delete on punctuation removes the digit after it', () => {
    // "(555) 010|-0142" → delete removes the '0' after the hyphen.
    expect(applyMask(PHONE_MASK, '(555) 010-0142', '(555) 0100142', 9, 'forward')).toEqual({
      value: '(555) 010-142',
      caret: 9,
    });
  });

  it('caretAfterDigits', () => {
    expect(caretAfterDigits('(555) 010', 0)).toBe(1);
    expect(caretAfterDigits('(555) 010', 3)).toBe(4);
    expect(caretAfterDigits('(555) 010', 4)).toBe(7);
    expect(caretAfterDigits('', 0)).toBe(0);
  });
});

describe('SSN formatting', () => {
  it.each([
    ['1', '1'],
    ['123', '123'],
    ['1234', '123-4'],
    ['12345', '123-45'],
    ['123456', '123-45-6'],
    ['123456789', '123-45-6789'],
    ['1234567890', '123-45-6789'],
    ['123 45 6789', '123-45-6789'],
  ])('%j → %j', (typed, shown) => {
    expect(formatSsn(typed)).toBe(shown);
  });

  it('a backspace on a hyphen removes the digit before it', () => {
    expect(applyMask(SSN_MASK, '123-45', '12345', 3)).toEqual({ value: '124-5', caret: 2 });
  });
});
