import { useDispatch } from 'react-redux';
import type { StaffStore } from './store';

/** The console store's dispatch, typed. */
export const useAppDispatch = useDispatch.withTypes<StaffStore['dispatch']>();
