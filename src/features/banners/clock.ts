/**
 * The banners' clock. Tests replace `clock.now` (or pass a `now` prop) to show a given day; the app reads the
 * real time.
 */
export const clock = {
  now: (): Date => new Date(),
};
