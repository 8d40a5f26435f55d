/**
 * A shell is a picture of the page, not the page: without its ids, nothing (a label's `for`, a test's `#key`, a
 * script) can find one of its elements instead of the app's, and the ids are never doubled while both exist.
 */
export const withoutIds = (markup: string) => markup.replace(/ id="[^"]*"/g, '');
