/**
 * Who a school report request may go to: one home for the rule the server applies (the request, a changed
 * counselor) and the pages check before sending (Final Steps' button, the status page's form).
 */
import { isValidEmail, normaliseEmail } from '../auth/rules';
import type { CounselorBodyT } from './contract';
import { SCHOOL_REPORT_MESSAGES as M } from './messages';

/** Why a request cannot go to `email`, or null: it must be an address, and not the applicant's own. */
export function counselorEmailProblem(email: string, ownEmail: string): string | null {
  const address = normaliseEmail(email);
  if (!isValidEmail(address)) return M.counselorEmailInvalid;
  if (address === normaliseEmail(ownEmail)) return M.counselorIsApplicant;
  return null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The counselor and waiver the answers give (Your Academics' counselor, Final Steps' waiver), as a request needs
 * them, or the message saying what is missing or wrong.
 */
export function counselorFromAnswers(
  answer: Record<string, unknown>,
  ownEmail: string,
): { ok: true; counselor: CounselorBodyT; waiver: 'Y' | 'N' } | { ok: false; message: string } {
  const counselor = {
    first_name: text(answer.counselor_first_name),
    last_name: text(answer.counselor_last_name),
    email: normaliseEmail(text(answer.counselor_email_address)),
  };
  const waiver = text(answer.counselor_waiver_request);
  if (!counselor.first_name || !counselor.last_name || !counselor.email || (waiver !== 'Y' && waiver !== 'N')) {
    return { ok: false, message: M.needsAnswers };
  }
  const problem = counselorEmailProblem(counselor.email, ownEmail);
  return problem ? { ok: false, message: problem } : { ok: true, counselor, waiver };
}
