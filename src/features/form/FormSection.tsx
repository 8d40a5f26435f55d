import { memo, useState, type FormEvent, type ReactNode } from 'react';
import { useAppStore } from '../../shared/hooks';
import type { Section } from '../../kernel/form/definition/types';
import { useSectionVisible } from './renderer/hooks';
import { QuestionRenderer } from './renderer/QuestionRenderer';
import { entryCount } from './questions/entryCount';
import { estimatedSectionHeight } from './sectionHeight';

/** The id of a section's heading (sections and questions share the page's ids, so sections are prefixed). */
export const SECTION_ANCHOR_PREFIX = 'section-';
export const sectionAnchor = (section: Pick<Section, 'id'>) => `${SECTION_ANCHOR_PREFIX}${section.id}`;

/** Answers save as they are typed: there is nothing to submit, and Enter in a lone field must not reload the page. */
const keepPage = (event: FormEvent) => event.preventDefault();

/**
 * A section: its h2 (an anchor), description and questions, then `after` (the return to the check, on the section a
 * Change link opened); nothing while its condition does not hold.
 *
 * Each section is a <form> of its own because of the browser's autofill: after every keystroke Chrome reads the
 * whole form the field belongs to (each field, its label, every option of every select), and fields outside any
 * <form> all count as one. On About You, with every section shown, that was a long task per keystroke on a slow
 * phone; with the section as the form, a small fraction of it (figures: bench/HISTORY.md).
 * The cost: autofill now fills one section at a time (the name, then the address), not the whole page at once.
 */
export const FormSection = memo(function FormSection({
  section,
  readOnly,
  after,
}: {
  section: Section;
  readOnly: boolean;
  after?: ReactNode;
}) {
  const visible = useSectionVisible(section);
  // Read once, not subscribed: the guess matters only until the section is first laid out (sectionHeight.ts).
  const store = useAppStore();
  const [height] = useState(() => {
    const { answers, addAnother } = store.getState();
    return estimatedSectionHeight(section, answers.values, (list) =>
      entryCount(addAnother.counts[list.buttonId], list),
    );
  });
  if (!visible) return null;
  return (
    <form className="form-section" style={{ containIntrinsicSize: `auto ${height}px` }} noValidate onSubmit={keepPage}>
      <h2 id={sectionAnchor(section)} className="form-section-title">
        {section.title}
      </h2>
      {section.description && <p className="form-section-description">{section.description}</p>}
      {section.questions.map((question) => (
        <QuestionRenderer key={question.key} question={question} section={section} readOnly={readOnly} />
      ))}
      {after}
    </form>
  );
});
