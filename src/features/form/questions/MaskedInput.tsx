import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { applyMask, type Mask } from '../format';

interface MaskedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  mask: Mask;
  value: string;
  onValueChange: (value: string) => void;
}

/** A text input that formats itself with a mask while the applicant types, keeping the caret by its digit. */
export function MaskedInput({ mask, value, onValueChange, type = 'text', ...rest }: MaskedInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  // After the formatted value is in the input, put the caret back after the same digit.
  useLayoutEffect(() => {
    const input = ref.current;
    if (caret.current === null || !input) return;
    const position = caret.current;
    caret.current = null;
    if (input.ownerDocument.activeElement === input) input.setSelectionRange(position, position);
  });

  return (
    <input
      {...rest}
      ref={ref}
      type={type}
      value={value}
      onChange={(event) => {
        const input = event.target;
        const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
        const direction = inputType.endsWith('Forward') ? 'forward' : 'backward';
        const caretAt = input.selectionStart ?? input.value.length;
        const edit = mask.edit
          ? mask.edit(value, input.value, caretAt, direction)
          : applyMask(mask, value, input.value, caretAt, direction);
        if (edit.value === value) {
          // Nothing changed (a letter, an 11th digit): React puts the value back; keep the caret where it was.
          input.value = edit.value;
          input.setSelectionRange(edit.caret, edit.caret);
          return;
        }
        caret.current = edit.caret;
        onValueChange(edit.value);
      }}
    />
  );
}
