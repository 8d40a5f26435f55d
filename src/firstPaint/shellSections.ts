/** How many sections of a form page a shell carries (the first screen of a phone or a desktop; form.css renders the
 * sections after them lazily, with content-visibility). */
export const SHELL_SECTIONS = 2;
