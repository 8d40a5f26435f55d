import type { SelectHTMLAttributes } from 'react';
import type { Option } from '../../../kernel/form/definition/types';
import { useFullOptionList } from '../renderer/optionListFill';

type SelectAttributes = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange' | 'onFocus' | 'onPointerDown' | 'children'
>;

interface NativeSelectProps extends SelectAttributes {
  value: string;
  /** Every choice, the blank and the current answer included (selectOptions). */
  options: readonly Option[];
  /** The chosen value and its label ('' for the blank), for {key}_desc (SPEC §3). */
  onChoose: (value: string, label: string) => void;
}

/**
 * A native select over a list of options. A long list is filled in after mounting (optionListFill.ts): until then
 * the select holds the blank and the current answer, and it fills at once when it takes focus or is pressed.
 */
export function NativeSelect({ value, options, onChoose, ...attributes }: NativeSelectProps) {
  const [full, fillNow] = useFullOptionList(options.length);
  const shown = full ? options : options.filter((o) => o.value === '' || o.value === value);
  return (
    <select
      {...attributes}
      value={value}
      onFocus={fillNow}
      onPointerDown={fillNow}
      onChange={(event) => {
        const chosen = options.find((o) => o.value === event.target.value);
        onChoose(event.target.value, chosen && chosen.value !== '' ? chosen.label : '');
      }}
    >
      {shown.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
