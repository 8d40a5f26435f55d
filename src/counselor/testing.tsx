/** Test helpers: the counselor's page at its mailed link, and the counselor API's answers (msw), recorded. */
import { File as NodeFile } from 'node:buffer';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { server } from '../../tests/msw/server';
import type { CounselorViewT } from '../kernel/counselor/contract';
import { SAMPLE_COUNSELOR_VIEW } from '../kernel/counselor/sampleView';
import { COUNSELOR_PAGE, COUNSELOR_TOKEN_HEADER } from '../kernel/counselor/paths';
import { CounselorPage } from './CounselorPage';
import { makeCounselorStore } from './store';

export const TOKEN = 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

export function renderCounselor(hash = `#t=${TOKEN}`) {
  window.history.replaceState(null, '', `${COUNSELOR_PAGE}${hash}`);
  const view = render(
    <Provider store={makeCounselorStore()}>
      <CounselorPage />
    </Provider>,
  );
  return { user: userEvent.setup({ delay: null, applyAccept: false }), ...view };
}

export const VIEW: CounselorViewT = SAMPLE_COUNSELOR_VIEW;

/** VIEW with a transcript converted and stored. */
export const WITH_TRANSCRIPT: CounselorViewT = {
  ...VIEW,
  documents: VIEW.documents.map((doc) =>
    doc.kind === 'transcript' ? { ...doc, status: 'completed', message: 'Done.', file_name: 'transcript.pdf' } : doc,
  ),
};

export interface CounselorCall {
  method: string;
  path: string;
  token: string | null;
  body: unknown;
}

type Answer = JsonBodyType | [number, JsonBodyType] | ((call: CounselorCall) => JsonBodyType | [number, JsonBodyType]);

/**
 * Answers counselor API calls ("METHOD /path" under /counselor/api → JSON, [status, JSON], or a function of the
 * call) and records each one with the token header it carried. A multipart body is recorded as its field names.
 */
export function counselorApiAnswers(routes: Record<string, Answer>) {
  const calls: CounselorCall[] = [];
  server.use(
    ...Object.entries(routes).map(([route, answer]) => {
      const [method, path] = route.split(' ');
      const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      return http[verb](`*/counselor/api${path}`, async ({ request }) => {
        const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/');
        let body: unknown;
        if (multipart) body = [...(await request.formData()).keys()];
        else {
          const text = await request.text();
          body = text ? JSON.parse(text) : undefined;
        }
        const call = {
          method,
          path: new URL(request.url).pathname,
          token: request.headers.get(COUNSELOR_TOKEN_HEADER),
          body,
        };
        calls.push(call);
        const given = typeof answer === 'function' ? answer(call) : answer;
        const [status, json] = Array.isArray(given) && typeof given[0] === 'number' ? given : [200, given];
        return status === 204
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json(json as JsonBodyType, { status: status as number });
      });
    }),
  );
  return calls;
}

/** A file of `size` bytes. Node's File: the FormData of the tests' fetch is Node's, which takes no jsdom File. */
export const fileOf = (name: string, size: number, type: string) =>
  new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;
export const pdf = (name: string, size = 2048) => fileOf(name, size, 'application/pdf');
