/**
 * The Documents flows the listeners run (documentListeners.ts loads this module on first use, so none of it is in
 * the first download). SPEC §4:
 * - upload: check the file (SPEC §5 rules) → save the answers and ask for a pre-signed URL together → post the
 *   file → ask for its conversion → poll every 2 s while unprocessed or in_progress → completed: the document
 *   answers are fetched again and the answer is ANSWERED (as the server derives it: nothing to save); failed: the answer is cleared and the server's message
 *   shown; not_answered: the spinner stops. Any failure stops the spinner, records the error (on the field and
 *   as the 'Error uploading file for {key}' toast, the question named by its label) and clears that answer.
 * - check: when a document question shows after a reset, its document and conversion data are fetched again
 *   (a conversion still running is followed to its end).
 * - remove: delete (confirmed) and tab switches delete the conversion and the document answer.
 * - the PDF copy: fetched (polled every second while it is being made) and downloaded.
 */
import { failureMessage, reportFailure, toastShown } from '../notifications';
import { TaskAbortError, type UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening, RootState } from '../../app/store';
import { CONVERSION_POLL_MS, PDF_POLL_FIRST_MS } from '../../kernel/constants';
import { GENERIC_ERROR } from '../../kernel/messages';
import { MAINTENANCE_MESSAGE } from '../../kernel/serviceStatus/messages';
import { api } from '../../services/api';
import { revalidationRequested, sessionInvalidated } from '../../shared/events';
import { endedTheSession, type ApiError } from '../../services/baseQuery';
import { documentMarked, flushAnswers } from '../answers';
import {
  CHECK_WAIT_MS,
  checkFinished,
  checkStarted,
  conversionDelayed,
  conversionStarted,
  conversionStopped,
  deleteFailed,
  deleteFinished,
  deleteStarted,
  isChecking,
  pdfDownloadFinished,
  pdfDownloadStarted,
  selectDocument,
  uploadCompleted,
  uploadFailed,
  uploadProgressed,
  uploadRejected,
  uploadStarted,
  type ShortNameOffer,
} from './documentsSlice';
import { checkFile, FILE_MESSAGES, shortenedName } from '../../kernel/documents/fileRules';
import { registerFile, takeFile } from './fileRegistry';
import {
  ANSWERED,
  CONVERSION_DELAYED,
  PDF_ERROR,
  tabsError,
  uploadErrorTitle,
  VISITOR_UPLOAD_MESSAGE,
} from '../../kernel/documents/messages';
import { questionLabel } from '../../kernel/form/definition';
import { UploadError, uploadFile } from './uploader';

type ListenerApi = Parameters<Parameters<AppStartListening>[0]['effect']>[1];

/** Conversion and PDF statuses (SPEC §4), lower-cased: the server may report them in upper case. */
export const statusOf = (value: unknown): string => (typeof value === 'string' ? value.toLowerCase() : '');
export const isPending = (status: string) => status === 'unprocessed' || status === 'in_progress';

/** A failure with a message to show (a failed conversion, an unexpected answer, a save that did not happen). */
class FlowError extends Error {
  constructor(
    message: string,
    readonly status?: number | string,
  ) {
    super(message);
  }
}

const rethrowIfCancelled = (error: unknown) => {
  if (error instanceof TaskAbortError) throw error;
};

/** A fresh answer, never one from the cache, without keeping a cache subscription. */
const fresh = { forceRefetch: true, subscribe: false } as const;

/**
 * A document question's answer follows its file: ANSWERED once converted, none once deleted or failed. The server
 * derives the same mark from its documents (never from a save), so nothing is saved or fetched for it; the form's
 * rules are checked again for the key.
 */
function markDocument(listenerApi: ListenerApi, key: string, answered: boolean) {
  const { dispatch, getState } = listenerApi;
  if (!answered && getState().answers.values[key] === undefined) return;
  dispatch(documentMarked({ key, answered }));
  dispatch(revalidationRequested({ keys: [key] }));
}

/** SPEC §4: the spinner stops, the error is recorded (field and toast) and the answer cleared. */
async function fail(listenerApi: ListenerApi, key: string, error: unknown, removeStored: boolean) {
  const { dispatch } = listenerApi;
  const message = failureMessage(error);
  dispatch(uploadFailed({ key, message }));
  if (endedTheSession(error)) return; // the session is gone: the 401 handling goes to /login
  markDocument(listenerApi, key, false);
  dispatch(toastShown({ severity: 'error', title: uploadErrorTitle(questionLabel(key)), message }));
  // A file stored before this attempt would still be listed (and printed) without its answer: it goes too.
  if (removeStored) {
    try {
      await listenerApi.pause(dispatch(api.endpoints.deleteDocumentAnswer.initiate(key)).unwrap());
    } catch (caught) {
      rethrowIfCancelled(caught);
    }
  }
}

/** Polls the conversion every CONVERSION_POLL_MS while it is unprocessed or in_progress, then settles it. */
async function followConversion(listenerApi: ListenerApi, key: string, initial: string) {
  const { dispatch } = listenerApi;
  let status = initial;
  let message: string | undefined;
  while (isPending(status)) {
    await listenerApi.delay(CONVERSION_POLL_MS);
    const answer = await listenerApi.pause(dispatch(api.endpoints.getConversionStatus.initiate(key, fresh)).unwrap());
    status = statusOf(answer.status);
    if (isPending(status) && answer.message === CONVERSION_DELAYED && message !== CONVERSION_DELAYED) {
      dispatch(conversionDelayed({ key, message: CONVERSION_DELAYED }));
    }
    message = answer.message;
  }
  if (status === 'completed') {
    await listenerApi.pause(dispatch(api.endpoints.getDocumentAnswers.initiate(undefined, fresh)).unwrap());
    markDocument(listenerApi, key, true);
    dispatch(uploadCompleted({ key }));
  } else if (status === 'not_answered') {
    dispatch(conversionStopped({ key }));
  } else {
    // failed (with the server's reason), or a status this client does not know.
    throw new FlowError(status === 'failed' && message ? message : GENERIC_ERROR);
  }
}

/**
 * The offer of a name that fits, for a file refused only for its name's length (renaming a file is beyond many
 * applicants on a phone): the file waits in the registry for the one press that uploads it under that name. No
 * offer when the shorter name would break another rule (an empty file): that rule's message would follow anyway.
 */
function shortNameOffer(request: { name: string; size: number; type: string }, file: File): ShortNameOffer | undefined {
  const name = shortenedName(request.name);
  if (name === request.name || checkFile({ ...request, name }) !== null) return undefined;
  return { fileId: registerFile(file), name, size: request.size, type: request.type };
}

export async function upload(
  listenerApi: ListenerApi,
  request: { key: string; fileId: string; name: string; size: number; type: string },
) {
  const { dispatch, getState } = listenerApi;
  const { key, name, size } = request;
  const file = takeFile(request.fileId);
  // The question's data may still be on its way (it was just shown): the upload waits for it.
  if (isChecking(selectDocument(getState(), key))) {
    await listenerApi.condition((_action, current) => !isChecking(selectDocument(current, key)), CHECK_WAIT_MS);
  }
  const state = getState();
  const before = selectDocument(state, key);
  if (before.phase !== 'idle') return; // one upload per question at a time
  // A file offered under a shorter name and not taken is let go: this one replaces it.
  if (before.offer && before.offer.fileId !== request.fileId) takeFile(before.offer.fileId);
  const ruleBroken = checkFile(request);
  const refusal =
    ruleBroken ??
    (!state.session.is_logged_in || state.session.is_service_user ? VISITOR_UPLOAD_MESSAGE : null) ??
    (file ? null : GENERIC_ERROR);
  if (refusal || !file) {
    const offer = ruleBroken === FILE_MESSAGES.nameTooLong && file ? shortNameOffer(request, file) : undefined;
    dispatch(uploadRejected({ key, message: refusal ?? GENERIC_ERROR, offer }));
    return;
  }
  const hadFile = before.file !== null || state.answers.values[key] === ANSWERED;
  let queued = false;
  dispatch(uploadStarted({ key, file: { name, size } }));
  try {
    // Saved answers and the upload form, together.
    const [saved, target] = await listenerApi.pause(
      Promise.all([
        flushAnswers(listenerApi),
        dispatch(api.endpoints.getPresignedUrl.initiate({ answer_key: key })).unwrap(),
      ]),
    );
    if (saved === 'unauthorized') throw new FlowError(GENERIC_ERROR, 401);
    if (saved !== 'saved') {
      // Held by maintenance mode (the presigned call is refused too, with the same words: whichever came first).
      const { sync } = getState();
      throw new FlowError(sync.status === 'held' ? MAINTENANCE_MESSAGE : (sync.error ?? GENERIC_ERROR));
    }

    let shown = 0;
    await listenerApi.pause(
      uploadFile(target.url, target.fields, file, {
        // The name checked and shown, which is the file's own unless a shorter one was accepted.
        name,
        signal: listenerApi.signal,
        onProgress: (fraction) => {
          const percent = Math.min(100, Math.floor(fraction * 100));
          if (percent !== shown) {
            shown = percent;
            dispatch(uploadProgressed({ key, progress: percent }));
          }
        },
      }),
    );

    const started = await listenerApi.pause(
      dispatch(
        api.endpoints.startConversion.initiate({ key, file_key: target.fields.key ?? '', file_name: name }),
      ).unwrap(),
    );
    queued = true;
    dispatch(conversionStarted({ key }));
    await followConversion(
      listenerApi,
      key,
      statusOf((started as { status?: unknown } | null)?.status) || 'unprocessed',
    );
  } catch (error) {
    rethrowIfCancelled(error);
    if (error instanceof UploadError && error.status === 401) dispatch(sessionInvalidated());
    await fail(listenerApi, key, error, hadFile && !queued);
  }
}

/** A document question showed after a reset (page load, login): its document and conversion data, fetched again. */
export async function check(listenerApi: ListenerApi, key: string) {
  const { dispatch, getState } = listenerApi;
  const { session } = getState();
  if (!session.is_logged_in || session.is_service_user || !session.profile_loaded) return;
  if (selectDocument(getState(), key).phase !== 'idle') return;
  dispatch(checkStarted({ key }));
  let status: string;
  try {
    const [, conversion] = await listenerApi.pause(
      Promise.all([
        dispatch(api.endpoints.getDocumentAnswers.initiate(undefined, fresh)).unwrap(),
        dispatch(api.endpoints.getConversionStatus.initiate(key, fresh)).unwrap(),
      ]),
    );
    status = statusOf(conversion.status);
  } catch (error) {
    rethrowIfCancelled(error);
    dispatch(checkFinished({ key })); // nothing is under way; the field shows what it knows
    return;
  }
  if (!isPending(status)) {
    dispatch(checkFinished({ key }));
    return;
  }
  // A conversion started before the reload is still running: follow it to its end.
  dispatch(conversionStarted({ key }));
  try {
    await followConversion(listenerApi, key, status);
  } catch (error) {
    rethrowIfCancelled(error);
    await fail(listenerApi, key, error, false);
  }
}

/**
 * Deletes what each key holds: its conversion, then its document answer (SPEC §7's two deletes). A confirmed
 * delete also clears the answer's mark; a tab switch has cleared it already (the tab's clear list).
 */
export async function remove(listenerApi: ListenerApi, keys: readonly string[], tabId?: string) {
  const { dispatch } = listenerApi;
  for (const key of keys) {
    const { offer } = selectDocument(listenerApi.getState(), key);
    if (offer) takeFile(offer.fileId); // the file refused for its name goes with the offer
    dispatch(deleteStarted({ key }));
    try {
      await listenerApi.pause(dispatch(api.endpoints.deleteConversion.initiate(key)).unwrap());
      await listenerApi.pause(dispatch(api.endpoints.deleteDocumentAnswer.initiate(key)).unwrap());
      if (tabId === undefined) markDocument(listenerApi, key, false);
      dispatch(deleteFinished({ key }));
    } catch (error) {
      rethrowIfCancelled(error);
      const message = failureMessage(error);
      dispatch(deleteFailed({ key, message }));
      if (endedTheSession(error)) continue;
      const title = tabId === undefined ? uploadErrorTitle(questionLabel(key)) : tabsError(questionLabel(tabId));
      dispatch(toastShown({ severity: 'error', title, message }));
    }
  }
}

/** Starts the browser's download of a same-site URL (the server answers it as an attachment). */
export function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = 'application.pdf';
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * 'Download a PDF copy': the current copy is asked for (never an old URL: the copy changes with the answers),
 * polled every PDF_POLL_FIRST_MS while it is being made, and downloaded; failed raises the error toast.
 */
export async function downloadPdf(listenerApi: ListenerApi) {
  const { dispatch, getState } = listenerApi;
  if (getState().session.is_service_user || !getState().session.is_logged_in) return;
  dispatch(pdfDownloadStarted());
  try {
    for (;;) {
      const answer = await listenerApi.pause(dispatch(api.endpoints.getPdf.initiate(undefined, fresh)).unwrap());
      const status = statusOf(answer.status);
      if (status === 'completed' && answer.url) {
        startDownload(answer.url);
        return;
      }
      if (!isPending(status)) throw new FlowError((answer as { message?: string }).message || GENERIC_ERROR);
      await listenerApi.delay(PDF_POLL_FIRST_MS);
    }
  } catch (error) {
    rethrowIfCancelled(error);
    reportFailure(dispatch, PDF_ERROR, error);
  } finally {
    dispatch(pdfDownloadFinished());
  }
}

/**
 * The background polling's answer (PdfDownload) said failed, or no answer came: the error toast, once per failure
 * (not again while the previous answer was a failure too). 401s go to /login instead.
 */
export function reportPdfFailure(listenerApi: ListenerApi, action: UnknownAction, original: RootState) {
  let message: string | undefined;
  if (api.endpoints.getPdf.matchRejected(action)) {
    const error = action.payload as ApiError | undefined;
    if (action.meta.condition || !error || endedTheSession(error)) return;
    message = error.message;
  } else if (api.endpoints.getPdf.matchFulfilled(action)) {
    if (statusOf(action.payload.status) !== 'failed') return;
    message = (action.payload as { message?: string }).message;
  } else {
    return;
  }
  const before = api.endpoints.getPdf.select()(original);
  if (before.error !== undefined || statusOf(before.data?.status) === 'failed') return;
  listenerApi.dispatch(toastShown({ severity: 'error', title: PDF_ERROR, message: message || GENERIC_ERROR }));
}
