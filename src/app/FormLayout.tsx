import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../shared/hooks';
import { logoutRequested, navigationRequested, submitRequested } from '../shared/events';
import { DialogErrorBoundary } from './ErrorBoundary';
import { FORM_PAGES, isFormPage, JOURNEY, PATHS } from '../kernel/paths';
import { REVIEW_LOADING } from '../kernel/messages';
import { loadPrintView } from '../features/printView';
import { SkipLink } from '../components/SkipLink';
import { PrintViewMain } from './PrintViewMain';
import { SiteHeader } from '../components/SiteHeader';
import { PageTabs } from '../components/PageTabs';
import { AccountPopover } from '../components/AccountPopover';
import { BottomBar } from '../components/BottomBar';
import { SiteFooter } from '../components/SiteFooter';
import { DeadlineBanner, WelcomeBanner } from '../features/banners';
import { DeadlineNotice, useSubmitOffered } from '../features/deadline';
import { NotificationToasts, ErrorDialog } from '../features/notifications';
import { InactivityGuard, SubmitStatusSlot } from '../features/session';
import { SaveStatus } from '../features/answers';
import { useAuthNavigationState } from '../features/auth';
import '../styles/shell.css';

/**
 * Where the bottom bar's buttons lead (SPEC §2), along the journey: Final Steps continues to the check of every
 * answer, which holds 'Submit Application' (the submission cannot be undone, so it comes after that check).
 */
/** The print view: staff see every page at once in place of a form page (its own chunk: no applicant downloads it). */
const PrintView = lazy(loadPrintView);

function pageButtons(pathname: string) {
  const index = JOURNEY.indexOf(pathname);
  if (index < 0) return null;
  return {
    back: index > 0 ? JOURNEY[index - 1] : undefined,
    next: index < JOURNEY.length - 1 ? JOURNEY[index + 1] : undefined,
    canSubmit: index === JOURNEY.length - 1,
  };
}

/**
 * Layout of the form routes (/about, /education, /final-steps, /check-answers, /completion): skip link, header (site name, page
 * tabs, account menu), banners, the page, the bottom bar, footer, toasts, the error dialog and the inactivity
 * watch. Tabs and page buttons ask the listeners to move (they save first); they never navigate themselves.
 * /completion has no tabs, deadline banner or bottom bar. A service user sees only the page (print view, SPEC §1).
 */
export default function FormLayout() {
  const { pathname } = useLocation();
  const routerNavigate = useNavigate();
  const dispatch = useAppDispatch();
  const isServiceUser = useAppSelector((s) => s.session.is_service_user);
  const isLoggedIn = useAppSelector((s) => s.session.is_logged_in);
  const username = useAppSelector((s) => s.session.username);
  const submitting = useAppSelector((s) => s.session.submit !== 'idle');
  const submitOffered = useSubmitOffered();
  // Navigation state's successMessage (e.g. 'Your application was successfully submitted.' on /completion) is
  // shown once as the 'Success Notification' toast, as on the account pages.
  useAuthNavigationState();

  const page = (
    <DialogErrorBoundary key={pathname}>
      <Outlet />
    </DialogErrorBoundary>
  );

  if (isServiceUser) {
    return (
      <PrintViewMain>
        {isFormPage(pathname) ? (
          <DialogErrorBoundary key={pathname}>
            <Suspense fallback={<p role="status">{REVIEW_LOADING}</p>}>
              <PrintView />
            </Suspense>
          </DialogErrorBoundary>
        ) : (
          page
        )}
      </PrintViewMain>
    );
  }

  const isCompletion = pathname === PATHS.completion;
  const buttons = isCompletion ? null : pageButtons(pathname);
  const go = (via: 'tab' | 'pageButton') => (to: string) => dispatch(navigationRequested({ to, via }));

  return (
    <div className="shell-page">
      <SkipLink />
      <SiteHeader
        end={
          <AccountPopover
            isLoggedIn={isLoggedIn}
            username={username}
            onSignIn={() => routerNavigate(PATHS.login)}
            onCreateAccount={() => routerNavigate(PATHS.signup)}
            onLogOut={() => dispatch(logoutRequested({ reason: 'user' }))}
          />
        }
      >
        {!isCompletion && <PageTabs pages={FORM_PAGES} current={pathname} onNavigate={go('tab')} />}
      </SiteHeader>
      <main id="main" tabIndex={-1} className="shell-container shell-main">
        {!isCompletion && <DeadlineBanner />}
        {!isCompletion && <DeadlineNotice />}
        <WelcomeBanner />
        {page}
        {buttons && (
          <BottomBar
            back={buttons.back}
            next={buttons.next}
            canSubmit={buttons.canSubmit && submitOffered}
            submitting={submitting}
            onNavigate={go('pageButton')}
            onSubmit={() => dispatch(submitRequested())}
            status={
              <>
                <SaveStatus />
                {buttons.canSubmit && <SubmitStatusSlot />}
              </>
            }
          />
        )}
      </main>
      <SiteFooter />
      <NotificationToasts />
      <ErrorDialog />
      <InactivityGuard />
    </div>
  );
}
