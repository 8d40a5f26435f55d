import { useCallback, useEffect, useMemo, useRef } from 'react';

export interface Debounced<A> {
  /** Call later: `wait` ms after the last call, but never more than `maxWait` ms after the first waiting one. */
  call: (arg: A) => void;
  /** Forget the waiting call. */
  cancel: () => void;
}

/**
 * A debounced callback with a maximum wait (SPEC §7: suggestion lookups are debounced 200 ms with max wait
 * 500 ms), so a fast typist still gets suggestions while typing. Cancelled on unmount; always calls the latest fn.
 */
export function useDebounced<A>(fn: (arg: A) => void, wait: number, maxWait: number): Debounced<A> {
  const latest = useRef(fn);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const firstCallAt = useRef<number | null>(null);
  const pending = useRef<{ arg: A } | null>(null);

  useEffect(() => {
    latest.current = fn;
  });

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    firstCallAt.current = null;
    pending.current = null;
  }, []);

  const fire = useCallback(() => {
    const call = pending.current;
    cancel();
    if (call) latest.current(call.arg);
  }, [cancel]);

  const call = useCallback(
    (arg: A) => {
      const now = Date.now();
      firstCallAt.current ??= now;
      pending.current = { arg };
      clearTimeout(timer.current);
      const delay = Math.max(0, Math.min(wait, maxWait - (now - firstCallAt.current)));
      timer.current = setTimeout(fire, delay);
    },
    [fire, wait, maxWait],
  );

  useEffect(() => cancel, [cancel]);
  return useMemo(() => ({ call, cancel }), [call, cancel]);
}
