/** Route constants (SPEC §2). */
export const PATHS = {
  about: '/about',
  education: '/education',
  finalSteps: '/final-steps',
  checkAnswers: '/check-answers',
  completion: '/completion',
  signup: '/signup',
  confirm: '/confirm',
  login: '/login',
  forgot: '/forgot',
  reset: '/reset',
} as const;

/** The default form route: unknown paths and unsubmitted visitors of /completion land here. */
export const DEFAULT_ROUTE = PATHS.about;

/** The three form pages in order, with their tab labels. */
export const FORM_PAGES = [
  { path: PATHS.about, label: 'About You' },
  { path: PATHS.education, label: 'Your Academics' },
  { path: PATHS.finalSteps, label: 'Final Steps' },
] as const;

/** The applicant's way through the application: the form pages, then the check before submitting. */
export const JOURNEY: readonly string[] = [...FORM_PAGES.map((p) => p.path), PATHS.checkAnswers];

export const AUTH_PATHS: readonly string[] = [PATHS.signup, PATHS.confirm, PATHS.login, PATHS.forgot, PATHS.reset];

export const isFormPage = (path: string) => FORM_PAGES.some((p) => p.path === path);
export const isAuthPage = (path: string) => AUTH_PATHS.includes(path);
