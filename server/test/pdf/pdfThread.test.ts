import { buildApplicationPdf, type ApplicationPdfInput } from '../../src/pdf/build';
import { createPdfBuildThread } from '../../src/pdf/buildInThread';
import { BACKGROUND_NICE } from '../../src/threads';
import { printableApplication } from '../../src/pdf/outline';
import { completeApplication } from '../../../src/kernel/form/definition/sampleAnswers';
import * as files from '../../../testing/files';
import { pageTexts } from '../../../testing/poppler';
import { mainThread, threads } from '../../../testing/threads';

const answers = completeApplication();
const input = async (): Promise<ApplicationPdfInput> => ({
  form: printableApplication({ answers, addAnother: { activity: 4 }, tabs: {} }),
  answers,
  username: 'ada@example.com',
  applicationId: 'APP-000007',
  submittedAt: new Date('2026-11-30T23:59:59Z'),
  documents: [
    {
      answerKey: 'transcript_doc',
      label: 'Transcript',
      fileName: 'transcript.pdf',
      fileSize: 10,
      bytes: await files.pdf(2),
    },
  ],
  compress: false,
  now: new Date('2026-12-01T00:00:00Z'),
  settings: { paperSize: 'LETTER', timeZone: 'America/New_York', collegeName: 'Example College' },
});

const threadNices = () => threads().map((t) => t.nice);

describe('the PDF copy built in its own thread', () => {
  const thread = createPdfBuildThread();
  afterAll(() => thread.stop());

  it('is the copy the builder makes in the server’s thread: the same pages with the same text', async () => {
    const inThread = await thread.build(await input());
    const here = await buildApplicationPdf(await input());
    expect(inThread.pages).toBe(here.pages);
    expect(pageTexts(inThread.bytes)).toEqual(pageTexts(here.bytes));
    expect(pageTexts(inThread.bytes)).toEqual(expect.arrayContaining([expect.stringContaining('APP-000007')]));
  });

  it('fails only the copy whose build failed, and builds the next', async () => {
    const broken = { ...(await input()), form: { pages: null } } as unknown as ApplicationPdfInput;
    await expect(thread.build(broken)).rejects.toThrow(Error);
    const next = await thread.build(await input());
    expect(next.pages).toBeGreaterThan(1);
  });

  it('runs below the threads that answer requests', async () => {
    const before = threadNices().filter((nice) => nice === BACKGROUND_NICE).length;
    const fresh = createPdfBuildThread();
    try {
      await fresh.build(await input());
      expect(threadNices().filter((nice) => nice === BACKGROUND_NICE)).toHaveLength(before + 1);
      expect(mainThread()?.nice).toBe(0);
    } finally {
      await fresh.stop();
    }
  });
});
