import { createElement, useContext } from 'react';
import { useAppSelector } from '../../../shared/hooks';
import { OnlyAnsweredContext } from './onlyAnswered';
import { rendererFor } from '../registry';
import { useVisible } from './hooks';
import type { QuestionRendererProps } from './Field';

/**
 * One question, by its type's component from the registry (an unknown type throws: the page's error boundary
 * shows it). Hidden questions render nothing; visibility is a boolean selected from the answers the question's
 * condition reads, so other answers never re-render it. The registry's components are module-level constants,
 * so looking one up per render never creates a component.
 */
export function QuestionRenderer({ question, section, readOnly = false }: QuestionRendererProps) {
  const component = rendererFor(question);
  const visible = useVisible(question, section);
  // In a view of answers only (the print view), a question without one is left out.
  const onlyAnswered = useContext(OnlyAnsweredContext);
  const isAnswered = readOnly ? onlyAnswered : null;
  const shown = useAppSelector((s) => !isAnswered || isAnswered(question, s.answers.values));
  if (!visible || !shown) return null;
  return createElement(component, { question, section, readOnly, Nested: QuestionRenderer });
}
