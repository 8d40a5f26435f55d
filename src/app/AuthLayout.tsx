import { Outlet, useLocation } from 'react-router-dom';
import { DialogErrorBoundary } from './ErrorBoundary';
import { SkipLink } from '../components/SkipLink';
import { SiteHeader } from '../components/SiteHeader';
import { SiteFooter } from '../components/SiteFooter';
import { NotificationToasts, ErrorDialog } from '../features/notifications';
import { InactivityGuard } from '../features/session';
import { LanguageSwitch } from '../features/language';
import '../styles/shell.css';

/**
 * Layout of the account pages (/signup, /confirm, /login, /forgot, /reset): skip link, header with the site name
 * (no account menu here, SPEC §2), the page, footer, toasts, the error dialog and the inactivity watch (a
 * logged-in applicant may open these pages).
 */
export default function AuthLayout() {
  const { pathname } = useLocation();
  return (
    <div className="shell-page">
      <SkipLink />
      <SiteHeader end={<LanguageSwitch />} />
      <main id="main" tabIndex={-1} className="shell-container shell-main">
        <DialogErrorBoundary key={pathname}>
          <Outlet />
        </DialogErrorBoundary>
      </main>
      <SiteFooter />
      <NotificationToasts />
      <ErrorDialog />
      <InactivityGuard />
    </div>
  );
}
