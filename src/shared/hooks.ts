import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from '../app/store';

/** The only hooks components use to reach the store (typed). */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
/** The store itself, for reading state in an event handler without subscribing to it. */
export const useAppStore = useStore.withTypes<AppStore>();
