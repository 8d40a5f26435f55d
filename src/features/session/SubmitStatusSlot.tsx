import { lazy, Suspense } from 'react';

/**
 * The Submit's status comes with the Submit's own chunk (the validation's, which the check page loads when it shows):
 * its words stay out of every page's first download. It is in place, still empty, long before a press.
 */
const SubmitStatus = lazy(() =>
  import(/* webpackChunkName: "form-validation" */ './SubmitStatus').then((m) => ({ default: m.SubmitStatus })),
);

/** Where the bottom bar shows what a Submit at work is doing (SubmitStatus.tsx). */
export function SubmitStatusSlot() {
  return (
    <Suspense fallback={null}>
      <SubmitStatus />
    </Suspense>
  );
}
