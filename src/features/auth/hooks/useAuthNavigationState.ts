import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../shared/hooks';
import { readAuthState, type AuthNavigationState } from '../navigationState';
import { showCardError, showSuccess, type CardName } from '../notify';

/**
 * The account page's navigation state (SPEC §2). A successMessage is shown as the 'Success Notification'
 * toast on any account page; an errorMessage only where `errorCard` is given (the login card). Each message
 * is shown once: the history entry's state is replaced without it (so Back/refresh do not repeat it), and a
 * ref keyed on the entry guards StrictMode's double effects.
 */
export function useAuthNavigationState(errorCard?: CardName): AuthNavigationState {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    const { successMessage, errorMessage, ...rest } = readAuthState(location.state);
    const showError = Boolean(errorCard && errorMessage);
    if (!successMessage && !showError) return;
    if (handledKey.current === location.key) return;
    handledKey.current = location.key;
    if (showError && errorCard && errorMessage)
      showCardError(dispatch, errorCard, { status: 'NAVIGATION', message: errorMessage });
    if (successMessage) showSuccess(dispatch, successMessage);
    const keep: AuthNavigationState = showError || !errorMessage ? rest : { ...rest, errorMessage };
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: keep },
    );
  }, [dispatch, errorCard, location, navigate]);

  return readAuthState(location.state);
}
