import type { AppStartListening } from '../../app/store';
import { api } from '../../services/api';
import { reportFailure } from '../notifications';
import {
  componentAdded,
  entryAddFailed,
  entryAddRequested,
  entryAddStarted,
  entryRemoveRequested,
  entryRemoveUndone,
} from './addAnotherSlice';

type Flows = typeof import('./entryFlows');
let flows: Flows | undefined;
const loadFlows = async () => (flows ??= await import(/* webpackChunkName: "entry-flows" */ './entryFlows'));

/**
 * 'Add another' (SPEC §4): the new count is stored (PUT /api/add-another), then the entry shows. A failure shows
 * the error toast titled `title` (not for a 401: the session listener handles it) and shows nothing new.
 */
export function addAddAnotherListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: entryAddRequested,
    effect: async ({ payload: { buttonId, count, title } }, { dispatch }) => {
      dispatch(entryAddStarted({ buttonId }));
      try {
        await dispatch(api.endpoints.putAddAnother.initiate({ button_id: buttonId, num_components: count })).unwrap();
      } catch (error) {
        dispatch(entryAddFailed({ buttonId }));
        reportFailure(dispatch, title, error);
        return;
      }
      dispatch(componentAdded({ buttonId, count }));
    },
  });

  // Removing an entry (entryFlows.ts, loaded on first use): the count goes down, later entries move up, Undo.
  startListening({
    actionCreator: entryRemoveRequested,
    effect: async ({ payload }, listenerApi) => (await loadFlows()).removeEntry(listenerApi, payload),
  });
  startListening({
    actionCreator: entryRemoveUndone,
    effect: async ({ payload }, { dispatch }) => (await loadFlows()).undoRemoval(dispatch, payload),
  });
}
