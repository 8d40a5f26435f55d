/** The account pages (SPEC §2), each its own chunk that the router loads on first visit. */
export const authPages = {
  signup: () => import(/* webpackChunkName: "page-signup" */ './pages/SignUpPage'),
  confirm: () => import(/* webpackChunkName: "page-confirm" */ './pages/ConfirmPage'),
  login: () => import(/* webpackChunkName: "page-login" */ './pages/LoginPage'),
  forgot: () => import(/* webpackChunkName: "page-forgot" */ './pages/ForgotPage'),
  reset: () => import(/* webpackChunkName: "page-reset" */ './pages/ResetPage'),
};
export { useAuthNavigationState } from './hooks/useAuthNavigationState';
