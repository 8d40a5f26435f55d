import { PATHS } from '../../../src/kernel/paths';
import { formatCollegeTime } from '../../../src/kernel/time';
import { counselorLink, type SchoolReportMailKind } from '../../../src/kernel/schoolReport/rules';
import type { Mail } from '../mail/mailer';

/** What a school report mail says of the college and where its links go (from the config). */
export interface MailSettings {
  collegeName: string;
  collegeTimeZone: string;
  publicUrl: string;
}

/** A queued mail as the worker claims it, with what its text needs from the request. */
export interface MailFacts {
  kind: SchoolReportMailKind;
  to: string;
  applicantName: string;
  counselorName: string;
  counselorEmail: string;
  /** The counselor's link, for a request or a reminder (null once it is dead). */
  token: string | null;
  linkExpiresAt: Date;
  declineReason: string | null;
}

const ABOUT_LINK =
  'The link is for this student only and needs no account. Please do not forward it. It works until the date above, or for 24 hours after you send the report.';

/**
 * The mails about a school report. The counselor's are written for someone with forty students and a spam filter:
 * the student's name in the subject, the college named, one link, what to send, and how to decline.
 */
export function schoolReportMail(facts: MailFacts, settings: MailSettings): Mail {
  const { collegeName } = settings;
  const until = formatCollegeTime(facts.linkExpiresAt, settings.collegeTimeZone);
  const link = facts.token ? counselorLink(settings.publicUrl, facts.token) : '';
  const student = facts.applicantName || 'A student';
  const dear = facts.counselorName ? `Dear ${facts.counselorName},` : 'Hello,';
  const ask =
    `Please send us ${student}'s transcript (required) and, if you can, your school profile and a recommendation, ` +
    `or tell us that you cannot, on this page:\n${link}\n\nThe page works until ${until}. ${ABOUT_LINK}\n`;
  const statusPage = `${settings.publicUrl}${PATHS.login}`;
  switch (facts.kind) {
    case 'request':
      return {
        to: facts.to,
        subject: `School report request for ${student} (${collegeName})`,
        text: `${dear}\n\n${student} has applied to ${collegeName} and named you as their school counselor.\n\n${ask}`,
      };
    case 'reminder':
    case 'manual_reminder':
      return {
        to: facts.to,
        subject: `Reminder: school report for ${student} (${collegeName})`,
        text:
          `${dear}\n\nThis is a reminder that ${student} asked you for a school report for their application to ` +
          `${collegeName}${facts.kind === 'manual_reminder' ? ' (they asked us to remind you)' : ''}.\n\n${ask}`,
      };
    case 'link_ended':
      return {
        to: facts.to,
        subject: `No longer needed: school report for ${student} (${collegeName})`,
        text:
          `${dear}\n\nThe link we sent you for ${student}'s school report for ${collegeName} no longer works: the ` +
          `request was changed or cancelled. You do not need to do anything. If the student asks you again, use ` +
          `the link in their new request.\n`,
      };
    case 'received':
      return {
        to: facts.to,
        subject: `${collegeName}: your school report arrived`,
        text:
          `Hello ${facts.applicantName},\n\nYour counselor, ${facts.counselorName}, sent your school report to ` +
          `${collegeName}. Log in to see your application's status:\n${statusPage}\n`,
      };
    case 'declined':
      return {
        to: facts.to,
        subject: `${collegeName}: your counselor could not send your school report`,
        text:
          `Hello ${facts.applicantName},\n\nYour counselor, ${facts.counselorName}, declined to send your school ` +
          `report, and said:\n\n${facts.declineReason ?? ''}\n\nLog in to name another counselor:\n${statusPage}\n`,
      };
    case 'bounced':
      return {
        to: facts.to,
        subject: `${collegeName}: we could not reach your counselor`,
        text:
          `Hello ${facts.applicantName},\n\nOur email to your counselor, ${facts.counselorName}, at ` +
          `${facts.counselorEmail} could not be delivered. Log in to correct the address or name another counselor:\n${statusPage}\n`,
      };
  }
}
