import { userLoggedOut } from '../../shared/events';
import { createAction, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { api, type DocumentAnswers } from '../../services/api';
import { shortNameNotice } from '../../kernel/documents/messages';

/**
 * Documents (SPEC §4 upload flow): per answer key, where its upload stands, the file the server holds (name and
 * size, from GET /api/document-answer, the profile or the print view's bundle) and the last error. Serializable: the
 * chosen File itself waits in fileRegistry.ts, the actions carry its id and facts. The flows live in listeners
 * (documentListeners.ts); components dispatch the intents below.
 */

/** What a key is doing: busy in every phase but idle (a tab switch waits for it). */
export type DocumentPhase = 'idle' | 'checking' | 'uploading' | 'converting' | 'deleting';

export interface DocumentFile {
  name: string;
  /** Bytes. */
  size: number;
}

/**
 * A file refused only because its name is too long, kept (in the file registry, under `fileId`) so one press
 * uploads it under `name`, a shortened name that passes every rule. Its facts, as uploadRequested carries them.
 */
export interface ShortNameOffer {
  fileId: string;
  name: string;
  size: number;
  type: string;
}

export interface DocumentState {
  phase: DocumentPhase;
  /** Upload progress in percent while uploading (null when the browser cannot tell). */
  progress: number | null;
  /** The message shown on the field: a file rule (SPEC §8) or why the upload failed. */
  error: string | null;
  /** The converted file the server holds for this key. */
  file: DocumentFile | null;
  /** The file being uploaded or converted (null when a conversion was found running after a reload). */
  pending: DocumentFile | null;
  /** What just happened, for the field's polite status line. */
  notice: string | null;
  /** The refused file, offered again under a shorter name (until another file, upload or delete). */
  offer: ShortNameOffer | null;
}

export interface DocumentsState {
  byKey: Record<string, DocumentState>;
  /** 'Download a PDF copy' was pressed and the copy is being fetched. */
  pdfDownloading: boolean;
}

export const initialDocumentsState: DocumentsState = { byKey: {}, pdfDownloading: false };

export const IDLE_DOCUMENT: DocumentState = {
  phase: 'idle',
  progress: null,
  error: null,
  file: null,
  pending: null,
  notice: null,
  offer: null,
};

/* ---- Intents (components dispatch these; the listeners carry them out) ---- */

/** A file was chosen for `key`. The File is in the file registry under `fileId`; name, size and type are its facts. */
export const uploadRequested = createAction<{ key: string; fileId: string; name: string; size: number; type: string }>(
  'documents/uploadRequested',
);
/** A logged-in applicant's document question is on screen: its document and conversion data are (re)fetched. */
export const documentQuestionShown = createAction<{ key: string }>('documents/questionShown');
/** 'Delete' was confirmed. */
export const deleteRequested = createAction<{ key: string }>('documents/deleteRequested');
/** A tab switch left these keys' tab: their conversions and document answers are deleted (SPEC §4 Tabs). */
/**
 * A tab switch left `fromTab` holding uploaded files (`keys`): they are deleted once the Undo has had its time
 * (UNDO_TOAST_MS), unless the tab is chosen again meanwhile (documentsKept; documentListeners.ts).
 */
export const documentsDiscarded = createAction<{ tabId: string; fromTab: string; keys: string[] }>(
  'documents/discarded',
);
/**
 * Tab `tab` of group `tabId` is chosen again (its Undo, or by hand): files a switch away from it left are kept if
 * their Undo time has not run out. Dispatched by the tabs flows, so this feature needs nothing of theirs.
 */
export const documentsKept = createAction<{ tabId: string; tab: string }>('documents/kept');
/** 'Download a PDF copy of your application' was pressed. */
export const pdfDownloadRequested = createAction('documents/pdfDownloadRequested');

export const uploadingNotice = (name: string) => `Uploading ${name}…`;
export const convertingNotice = (name: string | undefined) =>
  name ? `Converting ${name} to PDF…` : 'Converting your file to PDF…';
export const uploadedNotice = (name: string | undefined) => `${name ?? 'Your file'} was uploaded.`;
export const DELETING_NOTICE = 'Deleting your file…';
export const DELETED_NOTICE = 'Your file was deleted.';

function entry(state: DocumentsState, key: string): DocumentState {
  state.byKey[key] ??= { ...IDLE_DOCUMENT };
  return state.byKey[key];
}

/** The files the server lists; keys it no longer lists lose theirs unless an upload is under way. */
function filesListed(state: DocumentsState, listed: DocumentAnswers | undefined) {
  if (!listed) return;
  for (const [key, doc] of Object.entries(state.byKey)) {
    if (!(key in listed) && doc.phase === 'idle') doc.file = null;
  }
  for (const [key, { file_name, file_size }] of Object.entries(listed)) {
    const doc = entry(state, key);
    const size = Number(file_size);
    // Unchanged stays the same object: nothing re-renders for a refetch that found what was known.
    if (doc.file?.name !== file_name || doc.file.size !== size) doc.file = { name: file_name, size };
  }
}

type Key = PayloadAction<{ key: string }>;
type KeyMessage = PayloadAction<{ key: string; message: string }>;

const documentsSlice = createSlice({
  name: 'documents',
  initialState: initialDocumentsState,
  reducers: {
    /**
     * A file rule refused the file (nothing was sent); the message shows on the field. A name too long comes with
     * the offer of a shorter one, announced with the message (the status line): the error and what to do about it.
     */
    uploadRejected(state, { payload }: PayloadAction<{ key: string; message: string; offer?: ShortNameOffer }>) {
      const doc = entry(state, payload.key);
      doc.error = payload.message;
      doc.offer = payload.offer ?? null;
      doc.notice = payload.offer ? `${payload.message} ${shortNameNotice(payload.offer.name)}` : payload.message;
    },
    uploadStarted(state, { payload }: PayloadAction<{ key: string; file: DocumentFile }>) {
      Object.assign(entry(state, payload.key), {
        phase: 'uploading',
        progress: 0,
        error: null,
        pending: payload.file,
        notice: uploadingNotice(payload.file.name),
        offer: null,
      });
    },
    uploadProgressed(state, { payload }: PayloadAction<{ key: string; progress: number }>) {
      const doc = entry(state, payload.key);
      if (doc.phase === 'uploading') doc.progress = payload.progress;
    },
    /** Uploaded and queued for conversion (or found converting after a reload). */
    /** The server says the conversion is taking longer (its file store is unreachable): told, still converting. */
    conversionDelayed(state, { payload }: PayloadAction<{ key: string; message: string }>) {
      entry(state, payload.key).notice = payload.message;
    },
    conversionStarted(state, { payload }: Key) {
      const doc = entry(state, payload.key);
      doc.phase = 'converting';
      doc.progress = null;
      doc.notice = convertingNotice(doc.pending?.name);
    },
    uploadCompleted(state, { payload }: Key) {
      const doc = entry(state, payload.key);
      doc.phase = 'idle';
      doc.progress = null;
      doc.error = null;
      if (doc.pending) doc.file = doc.pending;
      doc.notice = uploadedNotice(doc.file?.name);
      doc.pending = null;
    },
    /** SPEC §4: any failure stops the spinner and records the error; the answer is cleared (by the listener). */
    uploadFailed(state, { payload }: KeyMessage) {
      Object.assign(entry(state, payload.key), {
        phase: 'idle',
        progress: null,
        error: payload.message,
        file: null,
        pending: null,
        notice: payload.message,
        offer: null,
      });
    },
    /** The conversion says not_answered: the spinner stops, nothing else changes. */
    conversionStopped(state, { payload }: Key) {
      const doc = entry(state, payload.key);
      doc.phase = 'idle';
      doc.progress = null;
      doc.pending = null;
      doc.notice = null;
    },
    checkStarted(state, { payload }: Key) {
      const doc = entry(state, payload.key);
      if (doc.phase === 'idle') doc.phase = 'checking';
    },
    checkFinished(state, { payload }: Key) {
      const doc = entry(state, payload.key);
      if (doc.phase === 'checking') doc.phase = 'idle';
    },
    deleteStarted(state, { payload }: Key) {
      const doc = entry(state, payload.key);
      doc.phase = 'deleting';
      doc.error = null;
      doc.notice = DELETING_NOTICE;
      doc.offer = null;
    },
    deleteFinished(state, { payload }: Key) {
      Object.assign(entry(state, payload.key), { ...IDLE_DOCUMENT, notice: DELETED_NOTICE });
    },
    deleteFailed(state, { payload }: KeyMessage) {
      const doc = entry(state, payload.key);
      doc.phase = 'idle';
      doc.error = payload.message;
      doc.notice = payload.message;
    },
    pdfDownloadStarted(state) {
      state.pdfDownloading = true;
    },
    pdfDownloadFinished(state) {
      state.pdfDownloading = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(userLoggedOut, () => initialDocumentsState)
      .addMatcher(api.endpoints.getDocumentAnswers.matchFulfilled, (state, { payload }) => filesListed(state, payload))
      .addMatcher(
        isAnyOf(api.endpoints.getProfile.matchFulfilled, api.endpoints.getPrintViewBundle.matchFulfilled),
        (state, { payload }) => filesListed(state, payload.document_answer),
      );
  },
});

export const {
  uploadRejected,
  uploadStarted,
  uploadProgressed,
  conversionStarted,
  conversionDelayed,
  uploadCompleted,
  uploadFailed,
  conversionStopped,
  checkStarted,
  checkFinished,
  deleteStarted,
  deleteFinished,
  deleteFailed,
  pdfDownloadStarted,
  pdfDownloadFinished,
} = documentsSlice.actions;
export default documentsSlice.reducer;

/** The slice (the store registers it as `documents`; until then, and in older stores, the initial state). */
export const selectDocuments = (state: RootState): DocumentsState =>
  (state as { documents?: DocumentsState }).documents ?? initialDocumentsState;

export const selectDocument = (state: RootState, key: string): DocumentState =>
  selectDocuments(state).byKey[key] ?? IDLE_DOCUMENT;

export const isBusy = (doc: DocumentState) => doc.phase !== 'idle';

/**
 * Whether a document question is still fetching what the server holds (it does when it shows). An upload waits for
 * that, at most CHECK_WAIT_MS; a tab switch is refused meanwhile (SPEC §4); the file input says it is busy.
 */
export const isChecking = (doc: DocumentState) => doc.phase === 'checking';
export const CHECK_WAIT_MS = 30_000;
