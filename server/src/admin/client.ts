import { CLI_ACTOR_HEADER } from '../http/adminActor';
import type { AdminOperations } from './operations';

/** Where the running server's admin API is, its token, and the CLI's name for the audit log (`cli:<user>`). */
export interface AdminServer {
  url: string;
  token: string;
  actor: string;
}

/** What to set to run admin commands while the server holds the embedded database (README "Admin CLI"). */
export const THROUGH_SERVER_HINT =
  'set ADMIN_API_TOKEN (as the server has it) and, when the server is not at PUBLIC_URL, ADMIN_URL ' +
  '(e.g. http://127.0.0.1:3000)';

/** The running server as the CLI's environment names it (ADMIN_URL, else PUBLIC_URL); null without ADMIN_API_TOKEN. */
export function adminServer(env: NodeJS.ProcessEnv, publicUrl: string, actor: string): AdminServer | null {
  if (!env.ADMIN_API_TOKEN) return null;
  return { url: (env.ADMIN_URL || publicUrl).replace(/\/$/, ''), token: env.ADMIN_API_TOKEN, actor };
}

/** One admin API call; throws the server's own message (the same words as when the CLI runs the command itself). */
async function call<T>(server: AdminServer, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${server.token}`,
        [CLI_ACTOR_HEADER]: server.actor,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    throw new Error(
      `The embedded database is held by a running server, which did not answer at ${server.url} (${cause}): ` +
        'set ADMIN_URL to its address (e.g. http://127.0.0.1:3000).',
      { cause: error },
    );
  }
  const text = await response.text();
  let answer: { message?: string } & Record<string, unknown> = {};
  try {
    answer = text ? JSON.parse(text) : {};
  } catch {
    // not JSON: a proxy's page, say; the status says enough
  }
  if (!response.ok) throw new Error(answer.message ?? `The server answered ${response.status}.`);
  return answer as T;
}

/** The admin operations through a running server's admin API (routes.ts), which runs and audits them. */
export function adminClient(server: AdminServer): AdminOperations {
  const post = <T>(path: string, body: object) => call<T>(server, 'POST', path, body);
  const get = <T>(path: string) => call<T>(server, 'GET', path);
  type Minted = { token: string; url: string };
  return {
    listApplicants: async () =>
      (await get<{ applicants: Awaited<ReturnType<AdminOperations['listApplicants']>> }>('/admin/applicants'))
        .applicants,
    mintServiceToken: (username, days) => post<Minted>('/admin/service-tokens', { username, days }),
    revoke: async (token) => (await post<{ revoked: boolean }>('/admin/revoke', { token })).revoked,
    revokeServiceTokens: async (username) =>
      (await post<{ revoked: number }>('/admin/service-tokens/revoke-all', { username })).revoked,
    mintPublicLink: (answer, days) => post<Minted>('/admin/public-links', { answer, days }),
    importLookup: async (category, csv, append) =>
      (await post<{ imported: number }>('/admin/lookup', { category, csv, append })).imported,
    seedDemo: async (count) => {
      await post('/admin/seed-demo', { count });
    },
    verifyAudit: () => get('/admin/audit/verify'),
    serviceStatus: () => get('/admin/service-status'),
    setNotice: (text) => (text === null ? post('/admin/notice/clear', {}) : post('/admin/notice', { text })),
    setMaintenance: (on) => post('/admin/maintenance', { on }),
    staff: {
      add: (email, role) => post('/admin/staff', { email, role }),
      list: async () =>
        (await get<{ accounts: Awaited<ReturnType<AdminOperations['staff']['list']>> }>('/admin/staff')).accounts,
      setRole: (email, role) => post('/admin/staff/role', { email, role }),
      remove: (email) => post('/admin/staff/remove', { email }),
      resetSso: (email) => post('/admin/staff/sso-reset', { email }),
    },
  };
}
