/**
 * Moving to a field by its answer key (/{page}#{key} links, the missing-information summary): the control with
 * that id, else the group or container it sits in (a field of a tab not shown lands on the tabs), else its section.
 */
import { entryByKey, questionByKey } from '../../kernel/form/definition';

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, a[href], [tabindex]';

/** The element a key's link lands on, if it is on this page now. */
export function anchorFor(key: string, doc: Document = document): HTMLElement | null {
  const own = doc.getElementById(key);
  if (own) return own;
  const entry = entryByKey(key);
  const question = questionByKey(key);
  const candidates = [
    question && question.key !== key ? question.key : undefined,
    entry?.container?.question.key,
    entry ? `section-${entry.section.id}` : undefined,
  ];
  for (const id of candidates) {
    const element = id ? doc.getElementById(id) : null;
    if (element) return element;
  }
  return null;
}

/** Focuses the field of `key` (or where it would be) and scrolls it to the middle; false when not on this page. */
export function focusAnswer(key: string, doc: Document = document): boolean {
  const anchor = anchorFor(key, doc);
  if (!anchor) return false;
  let target = anchor.matches(FOCUSABLE) ? anchor : anchor.querySelector<HTMLElement>(FOCUSABLE);
  if (!target) {
    anchor.setAttribute('tabindex', '-1');
    target = anchor;
  }
  target.focus();
  target.scrollIntoView?.({ block: 'center' });
  return true;
}
