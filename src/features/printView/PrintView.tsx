import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../../shared/hooks';
import type { RootState } from '../../app/store';
import { GENERIC_ERROR, REVIEW_LOADING } from '../../kernel/messages';
import type { PrintViewBundle } from '../../services/api';
import type { ApiError } from '../../services/baseQuery';
import {
  applicantName,
  holdsOnly,
  PRINT_VIEW_FALLBACK_TITLE,
  printViewDocumentTitle,
  printViewTitle,
} from './printView';
import '../form/form.css';
import './printView.css';

const PrintViewContent = lazy(() => import(/* webpackChunkName: "print-view-content" */ './PrintViewContent'));

/** The print view's bundle query (GET /service/tmp-pdf, started by appStarted), whatever its token. */
function selectPrintViewBundle(state: RootState) {
  for (const query of Object.values(state.api.queries)) {
    if (query?.endpointName === 'getPrintViewBundle') return query;
  }
  return undefined;
}

/**
 * The print view (SPEC §1): one read-only, print-style view of all three pages of the applicant the service token
 * names, built from the form definition with the questions' read-only mode ([X] / [ ] marks, values as text; no
 * inputs, buttons, separators or navigation). Nothing shows until the store holds that applicant's answers and
 * only them; an invalid or expired token shows the server's message and no answers.
 */
export default function PrintView() {
  const bundle = useAppSelector(selectPrintViewBundle);
  const token = new URLSearchParams(useLocation().search).get('service_token') ?? '';
  const values = useAppSelector((s) => s.answers.values);
  const data = bundle?.status === 'fulfilled' ? (bundle.data as PrintViewBundle | undefined) : undefined;
  const ready = data !== undefined && holdsOnly(data.answer ?? {}, values);
  const name = ready ? applicantName(values) : '';
  const title = printViewTitle(name);
  // A failed load's message is also the store's error, which the layout shows inline for a service user.
  const shownError = useAppSelector((s) => s.notifications.dialog?.message);

  useEffect(() => {
    document.title = printViewDocumentTitle(name);
  }, [name]);

  if (bundle?.status === 'rejected') {
    const message = (bundle.error as ApiError | undefined)?.message || GENERIC_ERROR;
    return (
      <div className="review">
        <h1 className="review-title">{PRINT_VIEW_FALLBACK_TITLE}</h1>
        {/* Once on the page: the layout's inline error (role alert) announces it while it holds this message;
            here it stays as the page's content when it does not. */}
        {shownError !== message && <p className="review-error">{message}</p>}
      </div>
    );
  }
  if (!ready) {
    return (
      <div className="review">
        <h1 className="review-title">{PRINT_VIEW_FALLBACK_TITLE}</h1>
        <p role="status">{REVIEW_LOADING}</p>
      </div>
    );
  }
  return (
    // The view itself is a chunk of its own: the app runs it only for a token the server could not read (a valid
    // one gets the server's page, with no script), so this chunk stays small.
    <Suspense fallback={null}>
      <PrintViewContent data={data} token={token} title={title} />
    </Suspense>
  );
}
