import { PARTNER } from '../kernel/partner';
import { LOGIN_MARKER_COOKIE } from '../kernel/session/loginCookie';

/** The session cookie the server sets (HttpOnly; server/src/identity). */
export const SESSION_COOKIE = 'sid';

/** The Help modal's text (SPEC §1): technical help email, contact department, address, phone. */
export function HelpNotice() {
  return (
    <>
      <p>For help with this application, please contact us:</p>
      <dl>
        <dt>Technical help</dt>
        <dd>
          <a href={`mailto:${PARTNER.helpEmail}`}>{PARTNER.helpEmail}</a>
        </dd>
        <dt>Contact</dt>
        <dd>{PARTNER.department}</dd>
        <dt>Address</dt>
        <dd>{PARTNER.address}</dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${PARTNER.phone.replace(/[^\d+]/g, '')}`}>{PARTNER.phone}</a>
        </dd>
      </dl>
      <p>
        Some files may need a PDF reader to open. If a file does not open, install a free PDF reader such as{' '}
        <a href={PARTNER.links.pdfReader} target="_blank" rel="noreferrer">
          Adobe Acrobat Reader (opens in a new tab)
        </a>
        .
      </p>
    </>
  );
}

/** The Privacy modal's text (SPEC §1): what is stored and which cookies are used. */
export function PrivacyNotice() {
  return (
    <>
      <p>
        {PARTNER.name} uses the information you enter here only to consider your application for undergraduate
        admission. Your answers are stored on our servers to save your application, so you can leave and come back to
        it; once you submit, admission staff read them.
      </p>
      <p>This site uses only the cookies it needs to work, and no advertising or tracking cookies:</p>
      <dl>
        <dt>
          <code>{SESSION_COOKIE}</code>
        </dt>
        <dd>
          A session cookie that keeps you logged in. It cannot be read by scripts and ends when you log out or after a
          period of inactivity.
        </dd>
        <dt>
          <code>{LOGIN_MARKER_COOKIE}</code>
        </dt>
        <dd>
          A marker that tells the application you are logged in, and how many times you have logged in (for the welcome
          message). It holds no personal information.
        </dd>
      </dl>
      <p>
        Read the full{' '}
        <a href={PARTNER.links.privacyPolicy} target="_blank" rel="noreferrer">
          privacy policy (opens in a new tab)
        </a>
        .
      </p>
    </>
  );
}
