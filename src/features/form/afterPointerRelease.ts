/**
 * Runs a layout-changing update once the pointer that caused it is released. Leaving a field shows its format
 * message, which pushes what is below it down; when the field was left by pressing on another control (the SMS
 * checkbox under the phone), the press would end on whatever moved under the finger instead. So while a press is
 * down the update waits for its release and the click that follows (a task later); with the keyboard it runs at once.
 */
let pressed = false;
let waiting: (() => void)[] = [];
let watching = false;

function release() {
  if (!pressed) return;
  pressed = false;
  const run = waiting;
  waiting = [];
  // After the click this release makes (dispatched in the same task as the pointerup).
  if (run.length > 0) setTimeout(() => run.forEach((fn) => fn()), 0);
}

/** Starts following presses (once per document; the form page calls it as it mounts). */
export function watchPointer(doc: Document = document) {
  if (watching) return;
  watching = true;
  doc.addEventListener(
    'pointerdown',
    (event) => {
      if (event.isPrimary) pressed = true;
    },
    true,
  );
  doc.addEventListener('pointerup', release, true);
  doc.addEventListener('pointercancel', release, true);
}

export function afterPointerRelease(fn: () => void) {
  if (pressed) waiting.push(fn);
  else fn();
}
