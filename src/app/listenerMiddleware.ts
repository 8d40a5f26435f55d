import type { AppStartListening } from './store';
import { addSessionListeners, addSubmitListeners } from '../features/session';
import { addSaveListeners, addOutboxListeners } from '../features/answers';
import { addFormListeners } from '../features/form';
import { addDocumentListeners } from '../features/documents';
import { addPublicLinkListeners } from '../features/printView';
import { addTabsListeners } from '../features/tabs';
import { addAddAnotherListeners } from '../features/addAnother';
import { addLanguageListeners } from '../features/language';

/** Every feature's listeners, registered on each new store (see makeStore). */
export function registerListeners(startListening: AppStartListening) {
  addSessionListeners(startListening);
  addSaveListeners(startListening);
  addSubmitListeners(startListening);
  addOutboxListeners(startListening);
  addFormListeners(startListening);
  addDocumentListeners(startListening);
  addPublicLinkListeners(startListening);
  addTabsListeners(startListening);
  addAddAnotherListeners(startListening);
  addLanguageListeners(startListening);
}
