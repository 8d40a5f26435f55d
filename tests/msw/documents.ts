import { http, HttpResponse, type JsonBodyType } from 'msw';
import { server } from './server';

/**
 * msw for the Documents calls (SPEC §7): quiet defaults for any test that shows a logged-in applicant's document
 * question or the PDF button, and a recorder that also reads the multipart upload (fields in order, then the file).
 */
export const DOC_KEY = 'personal_statement_doc';
/** How the applicant sees that question (error toasts name it so). */
export const DOC_LABEL = 'Personal Statement Document';
export const UPLOAD_URL = '/api/upload';
export const UPLOAD_FIELDS = {
  key: `uploads/1/${DOC_KEY}/k3y`,
  policy: 'eyJwb2xpY3kiOnRydWV9',
  signature: 'c2lnbmF0dXJl',
};
export const PDF_URL = '/api/pdf/file?v=0123456789abcdef0123456789abcdef';

/** Nothing uploaded, no conversion, a ready PDF copy; deletes succeed. */
export const documentHandlers = [
  http.get('*/api/document-answer', () => HttpResponse.json({})),
  http.get('*/api/pdf/document-answer/:key', () =>
    HttpResponse.json({ status: 'not_answered', message: 'No file has been uploaded for this question.' }),
  ),
  http.get('*/api/pdf', () => HttpResponse.json({ status: 'completed', url: PDF_URL })),
  http.delete('*/api/document-answer/:key', () => HttpResponse.json({ message: 'The file was removed.' })),
  http.delete('*/api/pdf/document-answer/:key', () => HttpResponse.json({ message: 'The file was removed.' })),
];

export interface RecordedCall {
  method: string;
  /** The path, e.g. '/api/pdf/document-answer/personal_statement_doc'. */
  path: string;
  /** JSON bodies parsed; a multipart body as its parts in order. */
  body?: unknown;
  /** The If-Match header of an answer save. */
  ifMatch?: string;
}

export type MultipartPart = [name: string, value: string | { file: string; size: number; type: string }];

type Answer = JsonBodyType | ((request: Request) => Response | Promise<Response>);

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const parts: MultipartPart[] = [];
    form.forEach((value, name) => {
      parts.push(
        typeof value === 'string'
          ? [name, value]
          : [name, { file: (value as File).name, size: value.size, type: value.type }],
      );
    });
    return parts;
  }
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * Answers the given calls ("METHOD /path", msw path syntax: /api/pdf/document-answer/:key) and records every one
 * in order. An answer is JSON, or a function of the request returning a Response (it may wait: see `gate`).
 */
export function recordDocumentCalls(routes: Record<string, Answer>) {
  const calls: RecordedCall[] = [];
  server.use(
    ...Object.entries(routes).map(([route, answer]) => {
      const [method, path] = route.split(' ');
      const verb = method.toLowerCase() as 'get' | 'put' | 'post' | 'delete';
      return http[verb](`*${path}`, async ({ request }) => {
        const call: RecordedCall = { method, path: new URL(request.url).pathname };
        const ifMatch = request.headers.get('if-match');
        if (ifMatch) call.ifMatch = ifMatch;
        calls.push(call);
        const body = await bodyOf(request.clone());
        if (body !== undefined) call.body = body;
        return typeof answer === 'function'
          ? (answer as (r: Request) => Response | Promise<Response>)(request)
          : HttpResponse.json(answer);
      });
    }),
  );
  return calls;
}

/** A promise and its resolver: an answer that waits until the test (or another request) opens it. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** A JSON error answer like the server's ({message, code}). */
export const refusal = (status: number, message: string, code = 'Refused') =>
  HttpResponse.json({ message, code }, { status });
