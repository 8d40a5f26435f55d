import { http, HttpResponse, type RequestHandler } from 'msw';

/**
 * msw handlers for the account calls of SPEC §7 (/public/signup, confirm, login, forgot-password, reset-password,
 * resend-confirm), answering like the real server (server/src/identity): a JSON `{ message }`, and on failure
 * `{ message, code? }` with the server's status. Every handler records the JSON body it received, so a test can
 * assert on exactly what the page sent.
 *
 *   const auth = authApi({ login: authError(403, 'Not confirmed', 'UserNotConfirmedException') });
 *   server.use(...auth.handlers);
 *   …
 *   expect(auth.calls.login).toEqual([{ username: 'ada@example.com', password: '…' }]);
 */

export const AUTH_ENDPOINTS = {
  signup: '/public/signup',
  confirm: '/public/confirm',
  login: '/public/login',
  forgot: '/public/forgot-password',
  reset: '/public/reset-password',
  resend: '/public/resend-confirm',
} as const;

export type AuthEndpoint = keyof typeof AUTH_ENDPOINTS;

export interface AuthAnswer {
  status: number;
  body: { message: string; code?: string };
}

/** The real server's success messages (server/src/identity/service.ts IDENTITY_MESSAGES). */
export const AUTH_SUCCESS_MESSAGES: Record<AuthEndpoint, string> = {
  signup: 'Your account was created. We have emailed you a confirmation code.',
  confirm: 'Your account is confirmed. You can now log in.',
  login: 'You are logged in.',
  forgot: 'If an account exists for this email address, we have sent it a link to reset your password.',
  reset: 'Your password has been reset. You can now log in.',
  resend: 'If this email has an account waiting for confirmation, we have sent it a new code.',
};

export const authOk = (endpoint: AuthEndpoint): AuthAnswer => ({
  status: endpoint === 'signup' ? 201 : 200,
  body: { message: AUTH_SUCCESS_MESSAGES[endpoint] },
});

export const authError = (status: number, message: string, code?: string): AuthAnswer => ({
  status,
  body: { message, ...(code ? { code } : {}) },
});

export type AuthCalls = Record<AuthEndpoint, unknown[]>;

/** Handlers for all six account calls (success unless `answers` says otherwise) and what each received. */
export function authApi(answers: Partial<Record<AuthEndpoint, AuthAnswer>> = {}): {
  handlers: RequestHandler[];
  calls: AuthCalls;
} {
  const calls = Object.fromEntries(Object.keys(AUTH_ENDPOINTS).map((key) => [key, []])) as unknown as AuthCalls;
  const handlers = (Object.keys(AUTH_ENDPOINTS) as AuthEndpoint[]).map((endpoint) =>
    http.post(`*${AUTH_ENDPOINTS[endpoint]}`, async ({ request }) => {
      calls[endpoint].push(await request.json());
      const answer = answers[endpoint] ?? authOk(endpoint);
      return HttpResponse.json(answer.body, { status: answer.status });
    }),
  );
  return { handlers, calls };
}

/** GET /api/profile's answer for ada@example.com, a started applicant; `profile` overrides its fields. */
export function profileOf(profile: Record<string, unknown> = {}) {
  return {
    username: 'ada@example.com',
    last_page: null,
    successful_login: ['2026-01-01T00:00:00Z'],
    web_status: [{ web_status: 'started' }],
    answer: {},
    document_answer: {},
    ...profile,
  };
}

/**
 * What a successful login leads to: the session listener loads the profile, add-another counts and tab choices,
 * then the form page reports itself as the last page. `profile` overrides the profile's fields.
 */
export function loggedInAccountHandlers(profile: Record<string, unknown> = {}): RequestHandler[] {
  return [
    http.get('*/api/profile', () => HttpResponse.json(profileOf(profile))),
    http.get('*/api/add-another', () => HttpResponse.json({})),
    http.get('*/api/tabs', () => HttpResponse.json({})),
    http.put('*/api/last-page', () => HttpResponse.json({ message: 'ok' })),
    http.put('*/api/answer', () => HttpResponse.json({ message: 'ok' })),
    http.post('*/api/web-status', () => HttpResponse.json({ message: 'ok' })),
  ];
}
