import type { RootState } from '../app/store';

/**
 * Whether the application is being validated (SPEC §2: after "Validate", every change is checked and the
 * missing-information summary shows). One home for the comparison the form, the summary and the listeners share;
 * in src/shared because the session feature's listeners import the answers' and the form's, so a selector there
 * would close an import cycle.
 */
export const selectValidating = (state: RootState): boolean => state.session.web_status === 'validating';
