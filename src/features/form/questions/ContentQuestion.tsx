import type { ContentQuestion as ContentQuestionDef } from '../../../kernel/form/definition/types';
import type { QuestionProps } from '../renderer/Field';
import { LinkedText } from '../renderer/LinkedText';

/** Static text between questions (no answer). */
export function ContentQuestion({ question }: QuestionProps<ContentQuestionDef>) {
  return (
    <div id={question.key} className="form-content">
      {question.label && <p className="form-content-title">{question.label}</p>}
      <p>
        <LinkedText text={question.text} />
      </p>
    </div>
  );
}
