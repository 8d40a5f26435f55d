/** Add-another questions: how many entries each holds, and the flows that add and remove one. */
export {
  default as addAnotherReducer,
  addAnotherLoaded,
  entryAddRequested,
  entryRemoveRequested,
} from './addAnotherSlice';
export { addAddAnotherListeners } from './addAnotherListeners';
