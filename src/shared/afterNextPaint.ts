import { nextTask } from '../kernel/nextTask';

/**
 * Runs `fn` once, in a task after the next frame has been painted: work that must follow a keystroke, but that the
 * applicant should not wait for before seeing the character (requestAnimationFrame, then nextTask: the frame's style,
 * layout and paint come between the two).
 *
 * A hidden page gets no frames, so there `fn` runs at once, and also as soon as the page is hidden before the frame
 * (a tab closed or switched away from): whatever waits for the frame is never left behind. Where nothing paints at
 * all (jsdom in the unit tests: no MessageChannel, see nextTask) it runs at once too.
 */
export function afterNextPaint(fn: () => void): void {
  if (
    typeof requestAnimationFrame === 'undefined' ||
    typeof MessageChannel === 'undefined' ||
    document.visibilityState === 'hidden'
  ) {
    fn();
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    document.removeEventListener('visibilitychange', runIfHidden);
    fn();
  };
  const runIfHidden = () => {
    if (document.visibilityState === 'hidden') run();
  };
  document.addEventListener('visibilitychange', runIfHidden);
  requestAnimationFrame(() => void nextTask().then(run));
}
