import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { PDF_POLL_AFTER_RESULT_MS, PDF_POLL_FIRST_MS } from '../../kernel/constants';
import { api, useGetPdfQuery } from '../../services/api';
import { pdfDownloadRequested, selectDocuments } from './documentsSlice';
import { PDF_BUTTON, PDF_PREPARING } from '../../kernel/documents/messages';
import './documents.css';

const selectPdf = api.endpoints.getPdf.select();

const isPending = (status: unknown) => {
  const s = typeof status === 'string' ? status.toLowerCase() : '';
  return s === 'unprocessed' || s === 'in_progress';
};

/**
 * 'Download a PDF copy of your application' for a logged-in applicant (SPEC §4 PDF download status): GET /api/pdf
 * is polled every PDF_POLL_FIRST_MS until a first result (completed or failed), then every PDF_POLL_AFTER_RESULT_MS;
 * while the copy is unprocessed or in_progress the button says it is being prepared. Pressing it asks for the
 * current copy and downloads it (documentFlows.ts); a failed copy raises the error toast.
 */
export function PdfDownload() {
  const dispatch = useAppDispatch();
  const enabled = useAppSelector((s) => s.session.is_logged_in && !s.session.is_service_user);
  const cached = useAppSelector(selectPdf);
  const settled = cached.isError || (cached.data !== undefined && !isPending(cached.data.status));
  useGetPdfQuery(undefined, {
    skip: !enabled,
    pollingInterval: settled ? PDF_POLL_AFTER_RESULT_MS : PDF_POLL_FIRST_MS,
  });
  const downloading = useAppSelector((s) => selectDocuments(s).pdfDownloading);
  if (!enabled) return null;
  const loading = downloading || !settled;

  return (
    <div className="doc-pdf">
      <button
        type="button"
        className="shell-btn"
        aria-disabled={downloading || undefined}
        aria-describedby="pdf-download-status"
        onClick={() => {
          if (!downloading) dispatch(pdfDownloadRequested());
        }}
      >
        {PDF_BUTTON}
      </button>
      <p id="pdf-download-status" className="doc-pdf-status" role="status">
        {loading ? PDF_PREPARING : ''}
      </p>
    </div>
  );
}
