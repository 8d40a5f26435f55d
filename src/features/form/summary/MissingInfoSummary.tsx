import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { navigationRequested } from '../../../shared/events';
import { selectValidating } from '../../../shared/validating';
import type { Page } from '../../../kernel/form/definition/types';
import { focusAnswer } from '../focus';
import { summaryItems, type SummaryItem } from './summaryItems';

export const SUMMARY_TITLE = 'There is a problem';
export const SUMMARY_TEXT = 'Please complete or correct these answers before you submit your application:';

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The missing-information summary (SPEC §2), GOV.UK's error-summary pattern: while the application is being
 * validated and problems exist, a box at the top of the page lists each one as a link /{page}#{key}. Following a
 * link moves to the field and focuses it (on another page: after saving and moving there).
 *
 * The box takes focus (and is announced) only when a page is arrived at, a refused Submit included (it navigates):
 * never while someone types. An edit that makes a field invalid again brings the box back quietly, without moving
 * focus, scrolling or closing a phone's keyboard, so no keystroke after it is lost. FormPage mounts one per arrival
 * (keyed by the location), so "arrived" is this component's life until the first edit.
 */
export function MissingInfoSummary({ page }: { page: Page }) {
  const dispatch = useAppDispatch();
  const validating = useAppSelector(selectValidating);
  const errors = useAppSelector((s) => s.answers.errors);
  const items = useMemo(() => (validating ? summaryItems(errors, page.id) : []), [validating, errors, page.id]);
  const shown = items.length > 0;
  const box = useRef<HTMLDivElement>(null);
  const [edited, setEdited] = useState(false);

  // The first edit since arriving (capture: before React's own listener sees it and the answer changes).
  useEffect(() => {
    if (edited) return;
    const onEdit = () => setEdited(true);
    document.addEventListener('input', onEdit, true);
    document.addEventListener('change', onEdit, true);
    return () => {
      document.removeEventListener('input', onEdit, true);
      document.removeEventListener('change', onEdit, true);
    };
  }, [edited]);

  useEffect(() => {
    if (shown && !edited) box.current?.focus();
  }, [shown, edited]);

  if (!shown) return null;

  const follow = (event: MouseEvent<HTMLAnchorElement>, item: SummaryItem) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (item.page.id === page.id) focusAnswer(item.key);
    else dispatch(navigationRequested({ to: item.href, via: 'tab' }));
  };

  return (
    <div ref={box} className="form-summary" tabIndex={-1} aria-labelledby="form-summary-title" role="group">
      <div role={edited ? undefined : 'alert'}>
        <h2 id="form-summary-title" className="form-summary-title">
          {SUMMARY_TITLE}
        </h2>
        <p>{SUMMARY_TEXT}</p>
        <ul className="form-summary-list">
          {items.map((item) => (
            <li key={item.key}>
              <a href={item.href} onClick={(event) => follow(event, item)}>
                {item.messages.join(' ')}
                {item.page.id !== page.id && <span className="form-summary-page"> ({item.page.title})</span>}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
