import { useEffect } from 'react';
import { SUBMIT_SUCCESS } from '../../../kernel/messages';
import { PARTNER, SITE_NAME } from '../../../kernel/partner';
import { api } from '../../../services/api';
import { useAppSelector } from '../../../shared/hooks';
import { PdfDownload } from '../../documents';
import { SchoolReportStatus } from '../../schoolReport';

const selectProfile = api.endpoints.getProfile.select();

/** As the Help modal dials it (FooterNotices): the digits, a leading + kept. */
const TEL_HREF = `tel:${PARTNER.phone.replace(/[^\d+]/g, '')}`;

/**
 * Shown after submission; no form navigation here (SPEC §2). It is the applicant's status page: beside SPEC's
 * texts, what has arrived (the counselor's school report, what staff asked for) and what the applicant can do. It gives the application's id (APP-000123, from the
 * profile the session loaded) as staff know it, so the applicant can quote it; the phone is a link that dials.
 */
export default function CompletionPage() {
  const applicationId = useAppSelector((s) => selectProfile(s).data?.application_id);
  const username = useAppSelector((s) => selectProfile(s).data?.username) ?? '';
  useEffect(() => {
    document.title = `Application Submitted - ${SITE_NAME}`;
  }, []);
  return (
    <div className="form-page">
      <h1>Application Submitted</h1>
      <p>
        {SUBMIT_SUCCESS} Thank you for applying to {PARTNER.name}.
      </p>
      {applicationId && (
        <p>
          Your application ID is <strong>{applicationId}</strong>. Please quote it whenever you contact us.
        </p>
      )}
      <PdfDownload />
      <SchoolReportStatus ownEmail={username} />
      <h2>What happens next</h2>
      <ol>
        <li>We will email you to confirm that we have received your application.</li>
        <li>
          Further steps are required: we have asked your counselor for your transcript and recommendation (your school
          report, above), and send your official test scores if you have them.
        </li>
        <li>
          We review complete applications and email you our decision. You can log in here at any time to see that your
          application was submitted.
        </li>
      </ol>
      <p>
        Questions? Contact the {PARTNER.department} at <a href={TEL_HREF}>{PARTNER.phone}</a> or visit{' '}
        <a href={PARTNER.links.admission}>{PARTNER.links.admission}</a>.
      </p>
    </div>
  );
}
