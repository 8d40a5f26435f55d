import { useEffect } from 'react';
import { SUBMIT_SUCCESS } from '../../../kernel/messages';
import { PARTNER, SITE_NAME } from '../../../kernel/partner';
import { PdfDownload } from '../../documents';

/** Shown after submission; no form navigation here (SPEC §2). */
export default function CompletionPage() {
  useEffect(() => {
    document.title = `Application Submitted - ${SITE_NAME}`;
  }, []);
  return (
    <div className="form-page">
      <h1>Application Submitted</h1>
      <p>
        {SUBMIT_SUCCESS} Thank you for applying to {PARTNER.name}.
      </p>
      <PdfDownload />
      <h2>What happens next</h2>
      <ol>
        <li>We will email you to confirm that we have received your application.</li>
        <li>
          Further steps are required: ask your school to send your transcript and your counselor&rsquo;s recommendation,
          and send your official test scores if you have them.
        </li>
        <li>
          We review complete applications and email you our decision. You can log in here at any time to see that your
          application was submitted.
        </li>
      </ol>
      <p>
        Questions? Contact the {PARTNER.department} at {PARTNER.phone} or visit{' '}
        <a href={PARTNER.links.admission}>{PARTNER.links.admission}</a>.
      </p>
    </div>
  );
}
