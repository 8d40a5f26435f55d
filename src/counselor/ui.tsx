/** The page's small shared parts: a live character count and the regions that announce news and errors. */
import { useEffect, useState } from 'react';
import { charCount, formatNumber } from './format';

/**
 * "n / 10,000" under a text area, updated as one types. Screen readers hear it when the text area is focused (it
 * describes it) and, a moment after typing stops, through a polite live region: not at every keystroke.
 */
export function CharCount({ id, text, max }: { id: string; text: string; max: number }) {
  const count = charCount(text);
  const shown = `${formatNumber(count)} / ${formatNumber(max)}`;
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(`${formatNumber(count)} of ${formatNumber(max)} characters`), 1000);
    return () => clearTimeout(timer);
  }, [count, max]);
  return (
    <>
      <p id={id} className={count > max ? 'c-count c-count-over' : 'c-count'}>
        {shown}
        <span className="c-visually-hidden"> characters</span>
      </p>
      <p className="c-visually-hidden" aria-live="polite">
        {announced}
      </p>
    </>
  );
}

/** An error, announced when it appears (the region is always there, so screen readers hear what is put in). */
export function Alert({ id, message }: { id?: string; message?: string }) {
  return (
    <div role="alert" id={id} className="c-alert-region">
      {message ? <p className="c-error">{message}</p> : null}
    </div>
  );
}

/** News that is not an error (saved, uploaded), announced politely. */
export function Status({ message }: { message?: string }) {
  return (
    <div role="status" className="c-status-region">
      {message ? <p className="c-notice">{message}</p> : null}
    </div>
  );
}
