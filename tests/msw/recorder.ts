import { http, HttpResponse, type JsonBodyType } from 'msw';
import { server } from './server';

export interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Answers the given calls and records every request (method, path, JSON body) in order, so tests can
 * assert what the app sent. `routes` maps "METHOD /path" to a JSON answer or a function returning a Response.
 */
export function recordRequests(routes: Record<string, JsonBodyType | (() => Response)>) {
  const calls: Recorded[] = [];
  server.use(
    ...Object.entries(routes).map(([route, answer]) => {
      const [method, path] = route.split(' ');
      const handler = async ({ request }: { request: Request }) => {
        const text = await request.text();
        calls.push({ method, path, body: text ? JSON.parse(text) : undefined });
        return typeof answer === 'function' ? (answer as () => Response)() : HttpResponse.json(answer);
      };
      const verb = method.toLowerCase() as 'get' | 'put' | 'post' | 'delete';
      return http[verb](`*${path}`, handler);
    }),
  );
  return calls;
}
