/**
 * Long option lists (countries, states, years) are put into their selects after the select has mounted, one list
 * per frame, instead of with the page. Until then a select holds its blank and its current answer, which is all it
 * shows while closed. A select fills at once when it takes focus or is pressed, before the browser opens it.
 *
 * Why: About You holds about 1,500 <option>s, four in five of its elements. Creating and styling them with the page
 * made its first render and the style and layout after it long tasks on a slow phone (figures: bench/HISTORY.md).
 * One list per frame is at most a few hundred options, well under a long task. Every list is full within a second
 * or so of the page showing, before an applicant can reach it and before the browser's autofill could need it.
 */
import { flushSync } from 'react-dom';
import { startTransition, useCallback, useEffect, useState } from 'react';

/** Lists longer than this fill after mounting; shorter ones (months, yes/no) are rendered whole. */
export const LONG_OPTION_LIST = 30;

const waiting: (() => void)[] = [];
let scheduled = false;

/** The next frame, then a task of its own after it: the previous list's style and layout are done by then. */
function afterNextFrame(run: () => void) {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}

function fillNext() {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  afterNextFrame(() => {
    scheduled = false;
    waiting.shift()?.();
    fillNext();
  });
}

/** Queues a fill; the returned function takes it out again (the select unmounted or filled by itself). */
function queueFill(fill: () => void): () => void {
  waiting.push(fill);
  fillNext();
  return () => {
    const at = waiting.indexOf(fill);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/**
 * Whether a select with this many options shows them all yet, and a function that fills it at once (for focus and
 * pointer down). A list that grows long later (a named list arriving, another country's states) waits its turn too.
 */
export function useFullOptionList(length: number): readonly [full: boolean, fillNow: () => void] {
  const long = length > LONG_OPTION_LIST;
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    if (filled || !long) return;
    return queueFill(() => startTransition(() => setFilled(true)));
  }, [filled, long]);
  const fillNow = useCallback(() => {
    if (!filled && long) flushSync(() => setFilled(true));
  }, [filled, long]);
  return [filled || !long, fillNow];
}
