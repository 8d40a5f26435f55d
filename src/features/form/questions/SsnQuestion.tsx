import type { SsnQuestion as SsnQuestionDef } from '../../../kernel/form/definition/types';
import { SSN_MASK } from '../format';
import type { QuestionProps } from '../renderer/Field';
import { MaskedQuestion } from './MaskedQuestion';

/** A U.S. Social Security number, formatted 3-2-4 with hyphens while typed (SPEC §3). */
export function SsnQuestion(props: QuestionProps<SsnQuestionDef>) {
  return (
    <MaskedQuestion
      {...props}
      mask={SSN_MASK}
      className="form-input form-input-ssn"
      inputMode="numeric"
      autoComplete="off"
    />
  );
}
