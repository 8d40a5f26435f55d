import type { Db } from '../db/client';
import { AppError, conflict } from '../http/errors';
import type { DocumentService, IncomingFile } from '../documents/service';
import type { PolicyFields } from '../documents/policy';
import {
  COUNSELOR_FILE_MAX_BYTES,
  READ_ONLY_AFTER_SUBMIT_MS,
  RECOMMENDATION_MAX_CHARS,
  SCHOOL_REPORT_DOCUMENTS,
  WAITING_STATES,
  type SchoolReportDocumentKind,
} from '../../../src/kernel/schoolReport/rules';
import { documentAnswersOf } from '../documents/service';
import { answersAndAddress } from '../applications/table';
import { queueMail, skipQueuedMails } from './mailJobs';
import { applicantAddress, requestByToken, setState, type RequestRow } from './requests';
import { iso, waivedNow, waiverOf } from './status';

/** What the counselor's page and its answers say (the counselor scope's kernel words, passed in: one home each). */
export interface DeskMessages {
  linkDead: string;
  readOnly: string;
  transcriptRequired: string;
  stillConverting: string;
  declined: string;
  submitted: string;
  recommendationSaved: string;
}

const keyOf = (kind: SchoolReportDocumentKind) => SCHOOL_REPORT_DOCUMENTS.find((d) => d.kind === kind)!.answerKey;
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The counselor's side of one request, opened by its link's token: what the page shows (only what a counselor
 * needs, never the application), the documents through the applicants' pipeline (documents/: content checks,
 * conversion, S3), the typed recommendation, declining and submitting. The counselor scope's routes call it.
 */
export function createCounselorDesk(deps: {
  db: Db;
  documents: DocumentService;
  collegeName: string;
  messages: DeskMessages;
  onQueued?: () => void;
}) {
  const { db, documents, messages } = deps;

  function writable(request: RequestRow) {
    if (!WAITING_STATES.includes(request.state) || request.counselor_submitted_at) {
      throw conflict(messages.readOnly, 'ReadOnly');
    }
  }
  const userOf = (request: RequestRow) => Number(request.user_id);

  async function documentStates(request: RequestRow) {
    const stored = await documentAnswersOf(db, userOf(request), { withSchoolReport: true });
    return Promise.all(
      SCHOOL_REPORT_DOCUMENTS.map(async (doc) => {
        const { status, message } = await documents.status(userOf(request), doc.answerKey, 'counselor');
        return {
          kind: doc.kind,
          label: doc.label,
          required: doc.required,
          status,
          message,
          file_name: stored[doc.answerKey]?.file_name ?? null,
        };
      }),
    );
  }

  return {
    /** The request a token opens, or 410 with the page's words (dead, replaced, cancelled, ended, unknown). */
    async open(token: string | undefined): Promise<RequestRow> {
      const request = token ? await requestByToken(db, token) : undefined;
      if (!request) throw new AppError(410, messages.linkDead, 'LinkDead');
      return request;
    },

    async view(request: RequestRow) {
      const { answer } = await answersAndAddress(db, request.user_id);
      const waiver = await waiverOf(db, userOf(request));
      return {
        college_name: deps.collegeName,
        applicant: {
          first_name: str(answer.first_name),
          last_name: str(answer.last_name),
          birth_date: str(answer.birth_date),
          high_school: str(answer.hs_name),
          entry_term: str(answer.entry_term),
        },
        counselor: { first_name: request.counselor_first_name, last_name: request.counselor_last_name },
        waiver: {
          waived: waivedNow(waiver),
          text: waiver ? (waiver.revoked_at ? (waiver.revocation_text ?? '') : waiver.text) : '',
          recorded_at: iso(waiver ? new Date(waiver.revoked_at ?? waiver.recorded_at) : request.requested_at)!,
        },
        state: request.state,
        requested_at: iso(request.requested_at)!,
        submitted_at: iso(request.counselor_submitted_at),
        declined_at: iso(request.declined_at),
        read_only_until: iso(request.read_only_until),
        documents: await documentStates(request),
        recommendation_text: request.recommendation_text,
        file_max_bytes: COUNSELOR_FILE_MAX_BYTES,
        recommendation_max_chars: RECOMMENDATION_MAX_CHARS,
      };
    },

    async presign(request: RequestRow, kind: SchoolReportDocumentKind) {
      writable(request);
      return documents.presign(userOf(request), keyOf(kind), 'counselor');
    },

    /** The local store's upload (S3 takes the browser's post itself): the policy names the applicant and key. */
    async acceptUpload(request: RequestRow, fields: Partial<PolicyFields>, file: IncomingFile) {
      writable(request);
      return documents.acceptUpload(userOf(request), fields, file);
    },

    async startConversion(request: RequestRow, kind: SchoolReportDocumentKind, fileKey: string, fileName: string) {
      writable(request);
      return documents.startConversion(userOf(request), keyOf(kind), fileKey, fileName, 'counselor');
    },

    documentStatus: (request: RequestRow, kind: SchoolReportDocumentKind) =>
      documents.status(userOf(request), keyOf(kind), 'counselor'),

    async removeDocument(request: RequestRow, kind: SchoolReportDocumentKind) {
      writable(request);
      return documents.remove(userOf(request), keyOf(kind), 'counselor');
    },

    async saveRecommendation(request: RequestRow, text: string) {
      writable(request);
      await db.query('UPDATE school_report_requests SET recommendation_text = $2 WHERE id = $1', [request.id, text]);
      return { message: messages.recommendationSaved };
    },

    /** Declines, with the reason the applicant is mailed; the page stays readable for a day. */
    async decline(request: RequestRow, reason: string) {
      writable(request);
      await db.transaction(async (tx) => {
        await setState(tx, request.id, 'declined', {
          declined_at: new Date(),
          decline_reason: reason.trim(),
          read_only_until: new Date(Date.now() + READ_ONLY_AFTER_SUBMIT_MS),
        });
        await skipQueuedMails(tx, Number(request.id));
        await queueMail(tx, Number(request.id), 'declined', await applicantAddress(tx, request.user_id));
      });
      deps.onQueued?.();
      return { message: messages.declined };
    },

    /**
     * Sends the report: the transcript converted, nothing still converting. Whether the applicant's waiver was in
     * force when the recommendation arrived is recorded with it (a later revocation does not reach back).
     */
    async submit(request: RequestRow) {
      writable(request);
      const states = await documentStates(request);
      if (states.some((d) => d.status === 'unprocessed' || d.status === 'in_progress')) {
        throw conflict(messages.stillConverting, 'StillConverting');
      }
      if (states.find((d) => d.kind === 'transcript')?.status !== 'completed') {
        throw conflict(messages.transcriptRequired, 'TranscriptRequired');
      }
      const waived = waivedNow(await waiverOf(db, userOf(request)));
      await db.transaction(async (tx) => {
        await setState(tx, request.id, 'received', {
          received_at: new Date(),
          received_via: 'counselor',
          counselor_submitted_at: new Date(),
          read_only_until: new Date(Date.now() + READ_ONLY_AFTER_SUBMIT_MS),
          recommendation_waived: waived,
        });
        await skipQueuedMails(tx, Number(request.id));
        await queueMail(tx, Number(request.id), 'received', await applicantAddress(tx, request.user_id));
      });
      deps.onQueued?.();
      return { message: messages.submitted };
    },
  };
}

export type CounselorDesk = ReturnType<typeof createCounselorDesk>;
