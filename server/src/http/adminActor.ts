/**
 * How the admin CLI names itself to a running server's admin API, so that what it does there is audited as
 * `cli:<user>`, as when it runs on the database itself. The caller already holds ADMIN_API_TOKEN (which may do
 * anything the API offers), so the name adds no power; the API takes it only after the token is checked.
 */
export const CLI_ACTOR_HEADER = 'x-admin-cli-actor';

/** `cli:` and the operating-system user's name: no spaces or control characters, at most 64 of them. */
const CLI_ACTOR = /^cli:[^\s\p{Cc}]{1,64}$/u;

/** The actor a request names with CLI_ACTOR_HEADER, or undefined when it names none (or not a CLI's). */
export function cliActorOf(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && CLI_ACTOR.test(header) ? header : undefined;
}
