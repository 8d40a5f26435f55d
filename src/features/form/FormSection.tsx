import type { Section } from '../../kernel/form/definition/types';
import { useSectionVisible } from './renderer/hooks';
import { QuestionRenderer } from './renderer/QuestionRenderer';

/** The id of a section's heading (sections and questions share the page's ids, so sections are prefixed). */
export const sectionAnchor = (section: Section) => `section-${section.id}`;

/** A section: its h2 (an anchor), description and questions; nothing while its condition does not hold. */
export function FormSection({ section, readOnly }: { section: Section; readOnly: boolean }) {
  const visible = useSectionVisible(section);
  if (!visible) return null;
  return (
    <div className="form-section">
      <h2 id={sectionAnchor(section)} className="form-section-title">
        {section.title}
      </h2>
      {section.description && <p className="form-section-description">{section.description}</p>}
      {section.questions.map((question) => (
        <QuestionRenderer key={question.key} question={question} section={section} readOnly={readOnly} />
      ))}
    </div>
  );
}
