/** Test helpers: the whole console (its store, real routes, lazy pages) at a URL, and the staff API's answers. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { server } from '../../tests/msw/server';
import { StaffApp } from './StaffApp';
import { createStaffRouter } from './router';
import { makeStaffStore } from './store';
import type { Me } from './api';

/**
 * React 19 reads a submitted form's data (`new FormData(form, submitter)`) when its submit handler starts a
 * transition, as a navigation does (the audit log's filters). jest-fixed-jsdom's FormData is Node's, which takes no
 * form: this one does, as a browser's does.
 */
const NodeFormData = globalThis.FormData;
globalThis.FormData = class FormDataOfForm extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    if (!form) return;
    for (const element of Array.from(form.elements) as HTMLInputElement[]) {
      if (!element.name || element.disabled) continue;
      if ((element.type === 'checkbox' || element.type === 'radio') && !element.checked) continue;
      if (element.type === 'submit' && element !== submitter) continue;
      this.append(element.name, element.value);
    }
  }
} as typeof FormData;

export const ADMIN: Me = { email: 'dean@college.example', role: 'admin', via: 'password' };
export const READER: Me = { email: 'clerk@college.example', role: 'reader', via: 'password' };

export function renderStaff(url: string) {
  const store = makeStaffStore();
  const router = createStaffRouter({ initialEntries: [url] });
  const view = render(<StaffApp store={store} router={router} />);
  return { store, router, user: userEvent.setup({ delay: null }), ...view };
}

export interface StaffCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Answers staff API calls ("METHOD /path" under /staff/api → JSON, or [status, JSON]) and records each request.
 * /config answers "no single sign-on" unless given.
 */
export function staffApiAnswers(routes: Record<string, JsonBodyType | [number, JsonBodyType]>) {
  const calls: StaffCall[] = [];
  const all: Record<string, JsonBodyType | [number, JsonBodyType]> = {
    'GET /config': { sso: false, ssoName: '', saml: false, samlName: '', timeZone: 'America/New_York' },
    ...routes,
  };
  server.use(
    ...Object.entries(all).map(([route, answer]) => {
      const [method, path] = route.split(' ');
      const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      return http[verb](`*/staff/api${path}`, async ({ request }) => {
        const text = await request.text();
        const url = new URL(request.url);
        calls.push({ method, path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : undefined });
        const [status, json] = Array.isArray(answer) && typeof answer[0] === 'number' ? answer : [200, answer];
        return HttpResponse.json(json as JsonBodyType, { status: status as number });
      });
    }),
  );
  return calls;
}
