import { useCallback, useEffect, useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { afterNextPaint } from '../../../shared/afterNextPaint';
import { useAppStore } from '../../../shared/hooks';
import { useAnswerSetter, useTextAnswer } from './hooks';

/** Fields holding typing the store has not had yet: sent at once when the page is hidden (closed, switched away). */
const unsent = new Set<() => void>();
let listening = false;
function sendWhenHidden(send: () => void) {
  unsent.add(send);
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    for (const pending of [...unsent]) {
      unsent.delete(pending);
      pending();
    }
  });
}

/**
 * A text answer typed into an uncontrolled <input> or <textarea>: the browser shows each character itself, and the
 * answer goes to the store once per painted frame instead of once per keystroke, before the frame.
 *
 * Why: a controlled field sends every keystroke through Redux (reducer, every field's selectors, the field's render)
 * before the browser may paint it. At 4× CPU that was ~8 ms of a keystroke's ~17 ms to the next frame on About You
 * (a plain input on the same page: ~8 ms in all; bench/README.md). Nothing is lost by waiting: the store gets the
 * typed text after the next paint, when the field loses focus, when the page is hidden, and when the field unmounts,
 * whichever comes first; and a change in the store (loading, another tab's save, Redux DevTools time travel) is
 * written into the field unless it holds typing the store has not had yet.
 */
export function useTypedText<E extends HTMLInputElement | HTMLTextAreaElement>(key: string) {
  const value = useTextAnswer(key);
  const setAnswer = useAnswerSetter(key);
  const { getState } = useAppStore();
  const ref = useRef<E>(null);
  /** The field's text the store has not had yet (null: none). */
  const typed = useRef<string | null>(null);

  /** The store gets `text`, and the field shows what it kept (no null character or half a character: storableText). */
  const store = useCallback(
    (text: string) => {
      setAnswer(text);
      const stored = getState().answers.values[key];
      const kept = typeof stored === 'string' ? stored : '';
      if (ref.current && ref.current.value !== kept) ref.current.value = kept;
    },
    [setAnswer, getState, key],
  );

  const send = useCallback(() => {
    const text = typed.current;
    if (text === null) return;
    typed.current = null;
    store(text);
  }, [store]);

  /** Another text in place of the typing, at once (a picked suggestion): typing not sent yet is dropped. */
  const replace = useCallback(
    (text: string) => {
      typed.current = null;
      store(text);
    },
    [store],
  );

  // The store's value into the field whenever it changes while no typing is waiting. (The field also renders it as
  // its defaultValue: set while the page renders, not in the commit, which React cannot cut into slices.)
  useLayoutEffect(() => {
    const field = ref.current;
    if (field && typed.current === null && field.value !== value) field.value = value;
  }, [value]);

  useEffect(
    () => () => {
      unsent.delete(send);
      send();
    },
    [send],
  );

  const onChange = useCallback(
    (event: ChangeEvent<E>) => {
      const first = typed.current === null;
      typed.current = event.target.value;
      if (!first) return;
      sendWhenHidden(send);
      afterNextPaint(send);
    },
    [send],
  );

  /** Render `value` as the field's defaultValue, and give it `ref`, `onChange` and `onBlur`. */
  return { value, ref, onChange, onBlur: send, replace };
}
