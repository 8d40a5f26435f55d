import { Link } from 'react-router-dom';
import { useAppSelector } from '../../shared/hooks';
import { PATHS } from '../../kernel/paths';
import { Banner } from '../../components/Banner';
import { welcomeMessage } from './welcome';

/** The welcome banner (SPEC §1): which message, if any, comes from welcomeMessage(session). */
export function WelcomeBanner() {
  const is_logged_in = useAppSelector((s) => s.session.is_logged_in);
  const num_logins = useAppSelector((s) => s.session.num_logins);
  const has_changed_page = useAppSelector((s) => s.session.has_changed_page);
  const web_status = useAppSelector((s) => s.session.web_status);
  const message = welcomeMessage({ is_logged_in, num_logins, has_changed_page, web_status });
  if (!message) return null;
  return (
    <Banner label="Welcome" title={message.title} tone={message.kind === 'submitted' ? 'success' : 'info'}>
      {message.text}
      {message.kind === 'invitation' && (
        <>
          {' '}
          <Link to={PATHS.signup}>create an account</Link> or <Link to={PATHS.login}>log in</Link>.
        </>
      )}
    </Banner>
  );
}
