/**
 * Documents: uploads and their conversion, deletes, files a tab switch leaves, and the PDF copy of the
 * application. The document question's UI (form/questions/DocumentUpload) dispatches these intents.
 */
export {
  default as documentsReducer,
  deleteRequested,
  documentQuestionShown,
  documentsDiscarded,
  documentsKept,
  isBusy,
  isChecking,
  selectDocument,
  uploadRequested,
} from './documentsSlice';
export { addDocumentListeners } from './documentListeners';
export { registerFile } from './fileRegistry';
export { formatFileSize } from './format';
export { PdfDownload } from './PdfDownload';
