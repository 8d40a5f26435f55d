/**
 * The Documents listeners (ARCHITECTURE: side effects live in listeners; components dispatch intents). This file is
 * in the first download (the store registers it), so it only routes intents: the flows themselves
 * (documentFlows.ts) load on first use.
 *
 * One flow per question key; a logout cancels every flow under way (uploads, polls, deletes, the PDF download).
 */
import { userLoggedOut } from '../../shared/events';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/store';
import { api } from '../../services/api';
import { UNDO_TOAST_MS } from '../../kernel/constants';
import {
  deleteRequested,
  documentQuestionShown,
  documentsDiscarded,
  documentsKept,
  pdfDownloadRequested,
  selectDocuments,
  uploadRequested,
} from './documentsSlice';

type Flows = typeof import('./documentFlows');
let flows: Flows | undefined;
export const loadDocumentFlows = async (): Promise<Flows> =>
  (flows ??= await import(/* webpackChunkName: "documents" */ './documentFlows'));

/**
 * An action is carried out once even when these listeners are registered twice (the store's registration and a
 * test's): every registration sees the same action object.
 */
const handled = new WeakSet<object>();
function firstTime(action: UnknownAction): boolean {
  if (handled.has(action)) return false;
  handled.add(action);
  return true;
}

export function addDocumentListeners(startListening: AppStartListening) {
  // Uploads, and the data of a question shown after a reset (which may find a conversion still running).
  startListening({
    predicate: (action) =>
      uploadRequested.match(action) || documentQuestionShown.match(action) || userLoggedOut.match(action),
    effect: async (action, listenerApi) => {
      if (userLoggedOut.match(action)) {
        listenerApi.cancelActiveListeners();
        return;
      }
      if (!firstTime(action)) return;
      const { upload, check } = await loadDocumentFlows();
      if (uploadRequested.match(action)) await upload(listenerApi, action.payload);
      else if (documentQuestionShown.match(action)) await check(listenerApi, action.payload.key);
    },
  });

  // Delete (confirmed) and tab switches: the conversion and the document answer go. After a tab switch they go
  // only once its Undo has had its time: choosing the tab again meanwhile (the Undo, or by hand) keeps the files.
  startListening({
    predicate: (action) =>
      deleteRequested.match(action) || documentsDiscarded.match(action) || userLoggedOut.match(action),
    effect: async (action, listenerApi) => {
      if (userLoggedOut.match(action)) {
        listenerApi.cancelActiveListeners();
        return;
      }
      if (!firstTime(action)) return;
      const { remove } = await loadDocumentFlows();
      if (deleteRequested.match(action)) await remove(listenerApi, [action.payload.key]);
      else if (documentsDiscarded.match(action)) {
        const { tabId, fromTab, keys } = action.payload;
        const back = await listenerApi.condition(
          (next) => documentsKept.match(next) && next.payload.tabId === tabId && next.payload.tab === fromTab,
          UNDO_TOAST_MS,
        );
        if (!back) await remove(listenerApi, keys, tabId);
      }
    },
  });

  // The PDF copy's download.
  startListening({
    predicate: (action) => pdfDownloadRequested.match(action) || userLoggedOut.match(action),
    effect: async (action, listenerApi) => {
      if (userLoggedOut.match(action)) {
        listenerApi.cancelActiveListeners();
        return;
      }
      if (!firstTime(action) || selectDocuments(listenerApi.getState()).pdfDownloading) return;
      const { downloadPdf } = await loadDocumentFlows();
      await downloadPdf(listenerApi);
    },
  });

  // The PDF copy's background polling (PdfDownload): a copy that failed raises the error toast, once per failure.
  startListening({
    predicate: (action) => api.endpoints.getPdf.matchFulfilled(action) || api.endpoints.getPdf.matchRejected(action),
    effect: async (action, listenerApi) => {
      if (!firstTime(action)) return;
      if (selectDocuments(listenerApi.getState()).pdfDownloading) return; // the download reports its own result
      const before = listenerApi.getOriginalState(); // (only while the effect has not awaited anything)
      const { reportPdfFailure } = await loadDocumentFlows();
      reportPdfFailure(listenerApi, action, before);
    },
  });
}
