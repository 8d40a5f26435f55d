/**
 * Runs `fn` in a task after the next frame has been painted: work that must follow a keystroke, but that the
 * applicant should not wait for before seeing the character (requestAnimationFrame, then a message: the frame's
 * style, layout and paint come between the two).
 *
 * At once where nothing paints: a hidden tab (it gets no frames, so the work would wait until the tab is shown
 * again) and jsdom in the unit tests (no MessageChannel there; see nextTask).
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
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      fn();
    };
    channel.port2.postMessage(null);
  });
}
