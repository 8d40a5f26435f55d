import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
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
 * link moves to the field and focuses it (on another page: after saving and moving there). When the box appears,
 * focus moves to it, so keyboard and screen-reader users meet it first.
 */
export function MissingInfoSummary({ page }: { page: Page }) {
  const dispatch = useAppDispatch();
  const validating = useAppSelector(selectValidating);
  const errors = useAppSelector((s) => s.answers.errors);
  const items = useMemo(() => (validating ? summaryItems(errors, page.id) : []), [validating, errors, page.id]);
  const shown = items.length > 0;
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown]);

  if (!shown) return null;

  const follow = (event: MouseEvent<HTMLAnchorElement>, item: SummaryItem) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (item.page.id === page.id) focusAnswer(item.key);
    else dispatch(navigationRequested({ to: item.href, via: 'tab' }));
  };

  return (
    <div ref={box} className="form-summary" tabIndex={-1} aria-labelledby="form-summary-title" role="group">
      <div role="alert">
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
