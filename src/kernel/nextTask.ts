/**
 * Resolves in a new task, so the browser can paint and handle input in between (long start-up work is cut into
 * tasks with it: Total Blocking Time). A message, not setTimeout: a tab opened in the background runs timers at most
 * once a second, and start-up would crawl. Where there is no MessageChannel (jsdom, in the unit tests), it resolves
 * at once: nothing there paints, and jest's fake timers would otherwise hold it.
 */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
