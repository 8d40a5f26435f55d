import { applyMask, applyPhoneEdit, caretAfterDigits, formatPhone, formatSsn, PHONE_MASK, SSN_MASK } from './format';

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

describe('international phone numbers (typed with a leading +)', () => {
  it.each([
    ['+', '+'],
    ['+52', '+52'],
    ['+52 55 1234 5678', '+52 55 1234 5678'],
    ['+44 (0)20 7946-0958', '+44 (0)20 7946-0958'],
    ['+33.6.12.34.56.78', '+33.6.12.34.56.78'],
    ['  +49 30 123456', '+49 30 123456'],
    ['+1', '+1'],
    // '+1' and a digit: a North American number, in the U.S. form with the same digits.
    ['+1 212 555 0100', '(212) 555-0100'],
    ['+12125550100', '(212) 555-0100'],
    ['+1 (555) 010-0142', '(555) 010-0142'],
    // More digits than the U.S. form holds: kept as typed, never cut.
    ['+1 212 555 01009', '+1 212 555 01009'],
  ])('%j → %j', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });

  it('refuses letters, a second + and a 16th digit, keeping the caret where it was', () => {
    expect(applyPhoneEdit('+52 55', '+52 55a', 7)).toEqual({ value: '+52 55', caret: 6 });
    expect(applyPhoneEdit('+52 55', '+52 +55', 4)).toEqual({ value: '+52 55', caret: 3 });
    expect(applyPhoneEdit('+123456789012345', '+1234567890123456', 17)).toEqual({
      value: '+123456789012345',
      caret: 16,
    });
    // Typed before the '+': refused, the U.S. mask never reads it ('3+52 55 12' would be '(352) 551-2').
    expect(applyPhoneEdit('+52 55 12', '3+52 55 12', 1)).toEqual({ value: '+52 55 12', caret: 0 });
    // A pasted number with letters in it is refused whole rather than changed.
    expect(applyPhoneEdit('', '+52 55 1234 5678 ext 9', 22)).toEqual({ value: '', caret: 0 });
  });

  it('edits in the middle keep every other character and the caret', () => {
    expect(applyPhoneEdit('+52 55 1234 5678', '+52 55 12734 5678', 10)).toEqual({
      value: '+52 55 12734 5678',
      caret: 10,
    });
    expect(applyPhoneEdit('+52 55 1234 5678', '+52 55 124 5678', 9)).toEqual({ value: '+52 55 124 5678', caret: 9 });
  });

  it('deleting the + of a long number keeps its digits; a short one takes the U.S. form', () => {
    expect(applyPhoneEdit('+52 55 1234 5678', '52 55 1234 5678', 0)).toEqual({ value: '52 55 1234 5678', caret: 0 });
    // Still too long for the U.S. form: typed on as it is, nothing cut.
    expect(applyPhoneEdit('52 55 1234 5678', '52 55 1234 56789', 16)).toEqual({
      value: '52 55 1234 56789',
      caret: 16,
    });
    expect(applyPhoneEdit('+212 555', '212 555', 0)).toEqual({ value: '(212) 555', caret: 1 });
  });

  it('typing + then 1 then the area code switches to the U.S. form after the first digit', () => {
    expect(applyPhoneEdit('', '+', 1)).toEqual({ value: '+', caret: 1 });
    expect(applyPhoneEdit('+', '+1', 2)).toEqual({ value: '+1', caret: 2 });
    expect(applyPhoneEdit('+1', '+12', 3)).toEqual({ value: '(2', caret: 2 });
  });

  it('numbers without + keep the U.S. mask exactly (an 11th digit refused, a long paste cut as before)', () => {
    expect(applyPhoneEdit('(555) 010-0142', '(555) 010-01429', 15)).toEqual({ value: '(555) 010-0142', caret: 14 });
    expect(formatPhone('55501001429999')).toBe('(555) 010-0142');
    expect(applyPhoneEdit('(555) 010-0142', '(555) 0100142', 9)).toEqual(
      applyMask(PHONE_MASK, '(555) 010-0142', '(555) 0100142', 9),
    );
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
