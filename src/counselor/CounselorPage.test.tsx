/**
 * The counselor's page against the counselor API (msw): each of the link's states, the uploads and their checks, the
 * typed recommendation's live count, the review and Submit, and Decline with its required reason.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { server } from '../../tests/msw/server';
import { PARTNER } from '../kernel/partner';
import { firstPaintMarkup } from './firstPaint';
import { COUNSELOR_MESSAGES } from '../kernel/counselor/messages';
import { FILE_MESSAGES } from '../kernel/documents/fileRules';
import type { CounselorViewT } from '../kernel/counselor/contract';
import { counselorApiAnswers, fileOf, pdf, renderCounselor, TOKEN, VIEW, WITH_TRANSCRIPT } from './testing';

const PRESIGNED = {
  url: '/counselor/api/upload',
  fields: { key: 'uploads/7/school_report_profile/abc', policy: 'p', signature: 's' },
};

/** The document section titled `title` (Transcript, School profile, Recommendation). */
const section = (title: string) => screen.getByRole('region', { name: new RegExp(`^${title}`) });

describe('the counselor’s page', () => {
  it('paints first exactly what counselor.html holds before any script: the college, the title and the page’s purpose', () => {
    server.use(http.get('/counselor/api/request', () => delay('infinite')));
    const { container } = renderCounselor();
    expect(container.innerHTML).toBe(firstPaintMarkup(PARTNER.name));
    expect(screen.getByRole('heading', { level: 1, name: 'School report' })).toBeInTheDocument();
    expect(screen.getByText(COUNSELOR_MESSAGES.intro)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(COUNSELOR_MESSAGES.loading);
  });

  it('says the link is missing when the address has no token, and calls nothing', async () => {
    renderCounselor('');
    expect(await screen.findByRole('alert')).toHaveTextContent(COUNSELOR_MESSAGES.linkMissing);
    expect(screen.getByRole('heading', { level: 1, name: 'School report' })).toBeInTheDocument();
  });

  it('shows the server’s words when the link is dead (410), with no retry', async () => {
    const calls = counselorApiAnswers({
      'GET /request': [410, { message: COUNSELOR_MESSAGES.linkDead, code: 'LinkDead' }],
    });
    renderCounselor();
    expect(screen.getByRole('status')).toHaveTextContent(COUNSELOR_MESSAGES.loading);
    expect(await screen.findByText(COUNSELOR_MESSAGES.linkDead)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(COUNSELOR_MESSAGES.linkDead);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(calls[0].token).toBe(TOKEN);
  });

  it('shows only what a counselor needs: the student, the waiver as recorded, the documents and their limit', async () => {
    counselorApiAnswers({ 'GET /request': VIEW });
    renderCounselor();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'School report for Maria Hernandez' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Northfield College', { selector: '.c-college' })).toBeInTheDocument();
    const student = screen.getByRole('region', { name: 'The student' });
    expect(within(student).getByText('March 4, 2008')).toBeInTheDocument();
    expect(within(student).getByText('Lincoln High School')).toBeInTheDocument();
    expect(within(student).getByText('Fall 2027')).toBeInTheDocument();
    const waiver = screen.getByRole('region', { name: 'The student’s waiver' });
    expect(waiver).toHaveTextContent('The student waived their right to see your recommendation.');
    expect(waiver).toHaveTextContent(VIEW.waiver.text);
    expect(within(section('Transcript')).getByText(/up to 10 MB/)).toBeInTheDocument();
    expect(within(section('Transcript')).getByText(/\.png, \.jpeg, \.jpg, \.pdf, \.docx/)).toBeInTheDocument();
    expect(screen.getByLabelText('Choose the transcript file')).toHaveAttribute('accept', '.png,.jpeg,.jpg,.pdf,.docx');
    expect(document.title).toBe('School report for Maria Hernandez – Northfield College');
  });

  it('says plainly when the student did not waive', async () => {
    counselorApiAnswers({
      'GET /request': { ...VIEW, waiver: { waived: false, text: 'No', recorded_at: VIEW.requested_at } },
    });
    renderCounselor();
    expect(
      await screen.findByText('The student did not waive their right to see your recommendation.'),
    ).toBeInTheDocument();
  });

  it('uploads a file: pre-signed post, the multipart post with the token, the conversion polled, then shown', async () => {
    let view: CounselorViewT = VIEW;
    let polls = 0;
    const calls = counselorApiAnswers({
      'GET /request': () => view,
      'POST /presigned-url': PRESIGNED,
      'POST /upload': [204, null],
      'POST /document/school_profile': [202, { status: 'unprocessed', message: 'Waiting.' }],
      'GET /document/school_profile': () => {
        polls += 1;
        view = {
          ...VIEW,
          documents: VIEW.documents.map((d) =>
            d.kind === 'school_profile' ? { ...d, status: 'completed', file_name: 'profile.pdf' } : d,
          ),
        };
        return { status: 'completed', message: 'Done.' };
      },
    });
    const { user } = renderCounselor();
    await user.upload(await screen.findByLabelText('Choose the school profile file'), pdf('profile.pdf'));
    expect(
      await within(section('School profile')).findByText('profile.pdf', {}, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(within(section('School profile')).getByRole('status')).toHaveTextContent(
      'profile.pdf was uploaded as the school profile.',
    );
    expect(polls).toBe(1);
    const sent = calls.filter((c) => c.method !== 'GET' || c.path !== '/counselor/api/request');
    expect(sent.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /counselor/api/presigned-url',
      'POST /counselor/api/upload',
      'POST /counselor/api/document/school_profile',
      'GET /counselor/api/document/school_profile',
    ]);
    expect(sent[0].body).toEqual({ kind: 'school_profile' });
    expect(sent[1].body).toEqual(['key', 'policy', 'signature', 'file']);
    expect(sent[2].body).toEqual({ file_key: PRESIGNED.fields.key, file_name: 'profile.pdf' });
    expect(calls.every((c) => c.token === TOKEN)).toBe(true);
  });

  it('refuses a file over 10 MB or of a wrong type before uploading, with the page’s messages', async () => {
    const calls = counselorApiAnswers({ 'GET /request': VIEW });
    const { user } = renderCounselor();
    const input = await screen.findByLabelText('Choose the transcript file');
    await user.upload(input, pdf('scan.pdf', 10 * 1024 * 1024 + 1));
    expect(within(section('Transcript')).getByRole('alert')).toHaveTextContent(COUNSELOR_MESSAGES.fileTooLarge);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.upload(input, fileOf('transcript.txt', 1, 'text/plain'));
    expect(within(section('Transcript')).getByRole('alert')).toHaveTextContent(FILE_MESSAGES.wrongType);
    expect(calls.map((c) => c.path)).toEqual(['/counselor/api/request']);
  });

  it('accepts a 5 MB scan, larger than an applicant’s 1 MB', async () => {
    const calls = counselorApiAnswers({
      'GET /request': VIEW,
      'POST /presigned-url': PRESIGNED,
      'POST /upload': [204, null],
      'POST /document/transcript': [202, { status: 'completed', message: 'Done.' }],
    });
    const { user } = renderCounselor();
    await user.upload(await screen.findByLabelText('Choose the transcript file'), pdf('scan.pdf', 5 * 1024 * 1024));
    expect(
      await within(section('Transcript')).findByText('scan.pdf was uploaded as the transcript.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/counselor/api/upload')).toBe(true);
  });

  it('shows a failed upload’s message and keeps what was uploaded before', async () => {
    const calls = counselorApiAnswers({
      'GET /request': WITH_TRANSCRIPT,
      'POST /presigned-url': PRESIGNED,
      'POST /upload': [400, { message: 'The file’s content is not what its name says.', code: 'BadFile' }],
    });
    const { user } = renderCounselor();
    await user.upload(await screen.findByLabelText('Choose the school profile file'), pdf('profile.pdf'));
    expect(await within(section('School profile')).findByRole('alert')).toHaveTextContent(
      'The file’s content is not what its name says.',
    );
    expect(within(section('Transcript')).getByText('transcript.pdf')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose the school profile file')).toBeEnabled();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('shows a failed conversion’s message', async () => {
    counselorApiAnswers({
      'GET /request': VIEW,
      'POST /presigned-url': PRESIGNED,
      'POST /upload': [204, null],
      'POST /document/transcript': [202, { status: 'failed', message: 'Your file could not be converted.' }],
    });
    const { user } = renderCounselor();
    await user.upload(await screen.findByLabelText('Choose the transcript file'), pdf('t.pdf'));
    expect(await within(section('Transcript')).findByRole('alert')).toHaveTextContent(
      'Your file could not be converted.',
    );
  });

  it('removes a document with DELETE', async () => {
    let view: CounselorViewT = WITH_TRANSCRIPT;
    const calls = counselorApiAnswers({
      'GET /request': () => view,
      'DELETE /document/transcript': () => {
        view = VIEW;
        return { message: 'Removed.' };
      },
    });
    const { user } = renderCounselor();
    await user.click(await screen.findByRole('button', { name: 'Remove the transcript' }));
    expect(await screen.findByLabelText('Choose the transcript file')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/counselor/api/document/transcript')).toBe(true);
  });

  it('counts the typed recommendation live, saves it, and shows the server’s 400 message', async () => {
    const calls = counselorApiAnswers({
      'GET /request': VIEW,
      'PUT /recommendation': ({ body }) =>
        (body as { text: string }).text.includes('bad')
          ? [400, { message: 'The recommendation could not be saved.', code: 'Bad' }]
          : { message: COUNSELOR_MESSAGES.recommendationSaved },
    });
    const { user } = renderCounselor();
    await user.click(await screen.findByRole('radio', { name: 'Type it here' }));
    const text = screen.getByLabelText('Your recommendation');
    expect(screen.getByText('0 / 10,000', { exact: false })).toBeInTheDocument();
    await user.type(text, 'Maria is kind 🙂');
    expect(text).toHaveAccessibleDescription(expect.stringContaining('15 / 10,000'));
    await user.click(screen.getByRole('button', { name: 'Save the recommendation' }));
    expect(await within(section('Recommendation')).findByRole('status')).toHaveTextContent(
      COUNSELOR_MESSAGES.recommendationSaved,
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ text: 'Maria is kind 🙂' });
    await user.type(text, ' bad');
    await user.click(screen.getByRole('button', { name: 'Save the recommendation' }));
    expect(await within(section('Recommendation')).findByRole('alert')).toHaveTextContent(
      'The recommendation could not be saved.',
    );
    expect(text).toHaveValue('Maria is kind 🙂 bad');
  });

  it('refuses a recommendation over 10,000 characters on the page', async () => {
    const calls = counselorApiAnswers({ 'GET /request': VIEW });
    const { user } = renderCounselor();
    await user.click(await screen.findByRole('radio', { name: 'Type it here' }));
    await user.click(screen.getByLabelText('Your recommendation'));
    await user.paste('a'.repeat(10_001));
    expect(screen.getByText('10,001 / 10,000', { exact: false })).toHaveClass('c-count-over');
    await user.click(screen.getByRole('button', { name: 'Save the recommendation' }));
    expect(within(section('Recommendation')).getByRole('alert')).toHaveTextContent(
      COUNSELOR_MESSAGES.recommendationTooLong,
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('refuses to go on without the transcript', async () => {
    const calls = counselorApiAnswers({ 'GET /request': VIEW });
    const { user } = renderCounselor();
    await user.click(await screen.findByRole('button', { name: 'Review and submit' }));
    expect(screen.getByText(COUNSELOR_MESSAGES.transcriptRequired)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Review what you will send' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/submit'))).toBe(false);
  });

  it('reviews what will be sent, submits, then shows it read-only', async () => {
    let view: CounselorViewT = { ...WITH_TRANSCRIPT, recommendation_text: 'Maria is kind.' };
    const calls = counselorApiAnswers({
      'GET /request': () => view,
      'POST /submit': () => {
        view = {
          ...view,
          state: 'received',
          submitted_at: '2026-11-25T15:00:00.000Z',
          read_only_until: '2026-11-26T15:00:00.000Z',
        };
        return { message: COUNSELOR_MESSAGES.submitted };
      },
    });
    const { user } = renderCounselor();
    expect(await screen.findByRole('radio', { name: 'Type it here' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Review and submit' }));
    const review = await screen.findByRole('region', { name: 'Review what you will send' });
    expect(screen.getByRole('heading', { name: 'Review what you will send' })).toHaveFocus();
    expect(review).toHaveTextContent('Transcripttranscript.pdf');
    expect(review).toHaveTextContent('School profileNothing');
    expect(review).toHaveTextContent('RecommendationTyped in this page (14 characters)');
    await user.click(screen.getByRole('button', { name: 'Submit the school report' }));
    expect(await screen.findByText(COUNSELOR_MESSAGES.submitted)).toBeInTheDocument();
    expect(screen.getByText(COUNSELOR_MESSAGES.readOnly)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/counselor/api/submit']);
  });

  it('lists both a recommendation file and typed text in the review, when both are there', async () => {
    counselorApiAnswers({
      'GET /request': {
        ...WITH_TRANSCRIPT,
        recommendation_text: 'Kind.',
        documents: WITH_TRANSCRIPT.documents.map((d) =>
          d.kind === 'recommendation' ? { ...d, status: 'completed', file_name: 'letter.pdf' } : d,
        ),
      },
    });
    const { user } = renderCounselor();
    await user.click(await screen.findByRole('button', { name: 'Review and submit' }));
    expect(await screen.findByRole('region', { name: 'Review what you will send' })).toHaveTextContent(
      'Recommendationletter.pdf and Typed in this page (5 characters)',
    );
  });

  it('shows the server’s refusal of a submit', async () => {
    counselorApiAnswers({
      'GET /request': WITH_TRANSCRIPT,
      'POST /submit': [409, { message: COUNSELOR_MESSAGES.transcriptRequired, code: 'TranscriptRequired' }],
    });
    const { user } = renderCounselor();
    await user.click(await screen.findByRole('button', { name: 'Review and submit' }));
    await user.click(await screen.findByRole('button', { name: 'Submit the school report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(COUNSELOR_MESSAGES.transcriptRequired);
  });

  it('shows a submitted report read-only when the link is opened again', async () => {
    counselorApiAnswers({
      'GET /request': {
        ...WITH_TRANSCRIPT,
        state: 'received',
        submitted_at: '2026-11-25T15:00:00.000Z',
        read_only_until: '2026-11-26T15:00:00.000Z',
      },
    });
    renderCounselor();
    expect(await screen.findByText(COUNSELOR_MESSAGES.readOnly)).toBeInTheDocument();
    expect(screen.getByText(/The link ends on November 26, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What you sent' })).toHaveTextContent('Transcripttranscript.pdf');
    expect(screen.queryByLabelText(/Choose the/)).not.toBeInTheDocument();
  });

  it('declines only with a reason, then thanks the counselor', async () => {
    const calls = counselorApiAnswers({
      'GET /request': VIEW,
      'POST /decline': { message: COUNSELOR_MESSAGES.declined },
    });
    const { user } = renderCounselor();
    await user.click(await screen.findByRole('button', { name: 'Decline this request' }));
    expect(screen.getByRole('heading', { name: 'Decline this request' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send my decline' }));
    expect(screen.getByRole('alert')).toHaveTextContent(COUNSELOR_MESSAGES.declineReasonRequired);
    const reason = screen.getByLabelText('Why are you declining? (required)');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path.endsWith('/decline'))).toBe(false);
    await user.type(reason, 'I left this school in June.');
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('27 / 1,000'));
    await user.click(screen.getByRole('button', { name: 'Send my decline' }));
    expect(await screen.findByText(COUNSELOR_MESSAGES.declined)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/decline'))?.body).toEqual({ reason: 'I left this school in June.' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });
});
