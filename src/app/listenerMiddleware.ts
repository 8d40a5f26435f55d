import type { AppStartListening } from './store';
import { addSessionListeners } from '../features/session/sessionListeners';
import { addSaveListeners } from '../features/answers/saveListeners';
import { addSubmitListeners } from '../features/session/submitListeners';
import { addOutboxListeners } from '../features/answers/outboxListeners';
import { addFormListeners } from '../features/form/formListeners';
import { addDocumentListeners } from '../features/documents/documentListeners';
import { addPublicLinkListeners } from '../features/review/publicLinkListeners';
import { addTabsListeners } from '../features/tabs/tabsListeners';
import { addAddAnotherListeners } from '../features/addAnother/addAnotherListeners';

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
}
