import type { PhoneQuestion as PhoneQuestionDef } from '../../../kernel/form/definition/types';
import { PHONE_INPUT_MASK } from '../format';
import type { QuestionProps } from '../renderer/Field';
import { autocompleteFor } from './autocomplete';
import { MaskedQuestion } from './MaskedQuestion';

/**
 * A U.S. phone number that formats itself as (xxx) xxx-xxxx while typed (SPEC §5 "Phone inputs auto-format"), or an
 * international one, typed with a leading '+', kept as typed (its E.164 form is stored by the form listeners).
 */
export function PhoneQuestion(props: QuestionProps<PhoneQuestionDef>) {
  return (
    <MaskedQuestion
      {...props}
      mask={PHONE_INPUT_MASK}
      className="form-input form-input-phone"
      type="tel"
      inputMode="tel"
      autoComplete={autocompleteFor(props.question.key) ?? 'off'}
    />
  );
}
