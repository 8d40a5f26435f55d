import { useCallback, useEffect, useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { afterNextPaint } from '../../../shared/afterNextPaint';
import { useAppStore } from '../../../shared/hooks';
import { asText, useAnswerSetter, useTextAnswer } from './hooks';

/**
 * A text answer typed into an uncontrolled <input> or <textarea>: the browser shows each character itself, and the
 * answer goes to the store once per painted frame instead of once per keystroke, before the frame.
 *
 * Why: a controlled field sends every keystroke through Redux (reducer, every field's selectors, the field's render)
 * before the browser may paint it: on About You at 4× CPU, about half of a keystroke's time to the next frame
 * (figures: bench/HISTORY.md). Nothing is lost by waiting: the store gets the
 * typed text after the next paint or when the page is hidden (afterNextPaint), when the field loses focus, and when
 * the field unmounts, whichever comes first; and a change in the store (loading, another tab's save, Redux DevTools
 * time travel) is written into the field unless it holds typing the store has not had yet.
 */
export function useTypedText<E extends HTMLInputElement | HTMLTextAreaElement>(key: string) {
  const value = useTextAnswer(key);
  const setAnswer = useAnswerSetter(key);
  const { getState } = useAppStore();
  const ref = useRef<E>(null);
  /** The field's text the store has not had yet (null: none). */
  const typed = useRef<string | null>(null);

  /** The store gets `text`, and the field shows what it kept (no null character or half a character: storableText). */
  const commit = useCallback(
    (text: string) => {
      setAnswer(text);
      const kept = asText(getState().answers.values[key]);
      if (ref.current && ref.current.value !== kept) ref.current.value = kept;
    },
    [setAnswer, getState, key],
  );

  const send = useCallback(() => {
    const text = typed.current;
    if (text === null) return;
    typed.current = null;
    commit(text);
  }, [commit]);

  /** Another text in place of the typing, at once (a picked suggestion): typing not sent yet is dropped. */
  const replace = useCallback(
    (text: string) => {
      typed.current = null;
      commit(text);
    },
    [commit],
  );

  // The store's value into the field whenever it changes while no typing is waiting. (The field also renders it as
  // its defaultValue: set while the page renders, not in the commit, which React cannot cut into slices.)
  useLayoutEffect(() => {
    const field = ref.current;
    if (field && typed.current === null && field.value !== value) field.value = value;
  }, [value]);

  // A field that goes away (its condition no longer holds, another page) sends what it holds first.
  useEffect(() => send, [send]);

  const onChange = useCallback(
    (event: ChangeEvent<E>) => {
      const first = typed.current === null;
      typed.current = event.target.value;
      if (first) afterNextPaint(send);
    },
    [send],
  );

  /** Render `value` as the field's defaultValue, and give it `ref`, `onChange` and `onBlur`. */
  return { value, ref, onChange, onBlur: send, replace };
}
