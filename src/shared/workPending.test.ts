import { makeStore, type RootState } from '../app/store';
import { selectWorkPending } from './workPending';
import { initialSessionState } from '../features/session/sessionSlice';
import { initialSyncState, type SyncState } from '../features/answers/syncSlice';
import { IDLE_DOCUMENT, initialDocumentsState, type DocumentPhase } from '../features/documents/documentsSlice';

/** The store's state with the given session, sync and documents parts. */
function stateWith(parts: {
  submit?: RootState['session']['submit'];
  sync?: Partial<SyncState>;
  phase?: DocumentPhase;
  pdfDownloading?: boolean;
}): RootState {
  const store = makeStore({
    session: { ...initialSessionState, is_logged_in: true, submit: parts.submit ?? 'idle' },
    sync: { ...initialSyncState, ...parts.sync },
    documents: {
      ...initialDocumentsState,
      pdfDownloading: parts.pdfDownloading ?? false,
      byKey: parts.phase ? { personal_statement_doc: { ...IDLE_DOCUMENT, phase: parts.phase } } : {},
    },
  });
  return store.getState();
}

describe('selectWorkPending: what the applicant is waiting on', () => {
  it.each([
    ['a Submit at work', { submit: 'submitting' as const }],
    ['a Submit sending again', { submit: 'retrying' as const }],
    ['a save on its first try', { sync: { status: 'saving' as const, attempts: 0 } }],
    ['an upload', { phase: 'uploading' as const }],
    ['a conversion', { phase: 'converting' as const }],
    ['a delete', { phase: 'deleting' as const }],
    ['a document being looked up', { phase: 'checking' as const }],
    ['the PDF copy on its way', { pdfDownloading: true }],
  ])('%s is pending work', (_label, parts) => {
    expect(selectWorkPending(stateWith(parts))).toBe(true);
  });

  it.each([
    ['nothing', {}],
    ['answers waiting for the autosave', { sync: { status: 'pending' as const, dirty: ['first_name'] } }],
    ['a save retried in the background (offline)', { sync: { status: 'saving' as const, attempts: 3 } }],
    ['a device offline', { sync: { status: 'offline' as const, attempts: 2 } }],
    ['a document at rest', { phase: 'idle' as const }],
  ])('%s is not', (_label, parts) => {
    expect(selectWorkPending(stateWith(parts))).toBe(false);
  });
});
