import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from '../shared/hooks';
import { pageVisited } from '../shared/events';

/** Tells the listeners which route is shown (last-page reporting, SPEC §2). */
export function PageVisitReporter() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(pageVisited(pathname));
  }, [dispatch, pathname]);
  return null;
}
