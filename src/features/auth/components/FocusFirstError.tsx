import { useEffect, useRef } from 'react';
import { useFormikContext } from 'formik';

/**
 * After a submit that validation stopped, moves focus to the first invalid field of the form, so keyboard and
 * screen-reader users land on what needs fixing (its label, error and requirement lines are read).
 */
export function FocusFirstError() {
  const { submitCount, isSubmitting, isValid } = useFormikContext();
  const handled = useRef(0);
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting) return;
    handled.current = submitCount;
    if (isValid) return;
    marker.current?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting, isValid]);
  return <span ref={marker} hidden />;
}
