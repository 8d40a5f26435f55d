/**
 * Each part of the night measured alone, in the same run, as CPU time (every process and thread it runs on:
 * bench/cpuTime.ts): one password hash (scrypt, the server's own hashPassword: a login verifies one, a sign-up
 * makes one), one conversion of each uploaded file (the server's converters: LibreOffice for the Word file, the
 * conversion thread for the PDF), one PDF copy (the builder, the submitter's application), one save statement
 * (bench/dbRate.ts: the statement PUT /api/answer runs, through the server's database client, PostgreSQL's
 * backends counted when the cluster is the bench's own). Times the mix's counts (nightMix.ts), against the
 * machine's cores, they give the limit the night's capacity is held against: applicants per hour at which these
 * parts alone would keep every core busy, with nothing for HTTP, the server's own code or the generator.
 */
import os from 'node:os';
import { hashPassword } from '../server/src/identity/passwords';
import { createConverters } from '../server/src/documents/converters';
import { inspectUpload } from '../server/src/documents/inspect';
import { buildApplicationPdf } from '../server/src/pdf/build';
import { printableApplication } from '../server/src/pdf/outline';
import { loadConfig } from '../server/src/config';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { PASSWORD } from './appServer';
import { round } from './common';
import { pidsWithArgument, postmasterPid, treeCpuMs } from './cpuTime';
import { measureStatement, withSaveDatabase, type BenchDatabase } from './dbRate';
import { NIGHT_MIX } from './nightMix';
import type { NightFiles } from './nightLoad';

export type NightPart = 'hash' | 'wordConversion' | 'pdfConversion' | 'pdfCopy' | 'saveStatement';

export const PART_LABELS: Record<NightPart, string> = {
  hash: 'password hash (scrypt; a login verifies one, a sign-up makes one)',
  wordConversion: 'conversion of the Word file (LibreOffice)',
  pdfConversion: 'conversion of the PDF (conversion thread)',
  pdfCopy: 'PDF copy of the application (builder)',
  saveStatement: 'save statement (the database, through its client)',
};

/** How many of each part one active applicant-hour makes (nightMix.ts). */
export const PART_COUNTS: Record<NightPart, number> = {
  hash: NIGHT_MIX.login + NIGHT_MIX.signup,
  wordConversion: NIGHT_MIX.uploadWord,
  pdfConversion: NIGHT_MIX.uploadPdf,
  pdfCopy: NIGHT_MIX.submit,
  saveStatement: NIGHT_MIX.save,
};

export interface PartCost {
  part: NightPart;
  /** CPU ms of one, measured alone. */
  cpuMs: number;
  /** Wall ms of one, for information. */
  wallMs: number;
  runs: number;
  /** Per active applicant-hour: PART_COUNTS × cpuMs, and its share of the parts' sum. */
  perApplicantHourMs: number;
  share: number;
}

export interface NightLimit {
  costs: PartCost[];
  cores: number;
  /** Applicants per hour at which the parts alone fill every core. */
  applicantsPerHour: number;
  /** What was and was not counted (PostgreSQL's backends). */
  note: string;
}

/** CPU and wall ms per call of `fn`, `runs` times in a row after one warm-up, over the process trees `pids()`. */
async function cost(runs: number, fn: () => Promise<unknown>, pids: () => number[]) {
  await fn();
  const cpu = () => treeCpuMs(...pids());
  const cpuStart = cpu();
  const wallStart = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  return { cpuMs: (cpu() - cpuStart) / runs, wallMs: (performance.now() - wallStart) / runs, runs };
}

export async function measureNightLimit(database: BenchDatabase, files: NightFiles): Promise<NightLimit> {
  const self = () => [process.pid];
  const measured: Record<NightPart, { cpuMs: number; wallMs: number; runs: number }> = {} as never;
  measured.hash = await cost(8, () => hashPassword(PASSWORD), self);

  const converters = createConverters();
  try {
    const convert = async (name: string, bytes: Buffer) => {
      const inspection = await inspectUpload(name, bytes);
      if (!inspection.ok) throw new Error(`${name}: ${inspection.message}`);
      return converters.convert(inspection.kind, bytes);
    };
    // The warm-up starts soffice, found by its pipe's name (libreoffice/converter.ts names it after this process).
    const withOffice = () => [process.pid, ...pidsWithArgument(`admission-${process.pid}-`)];
    measured.wordConversion = await cost(4, () => convert('essay.docx', files.word), withOffice);
    measured.pdfConversion = await cost(8, () => convert('transcript.pdf', files.pdf), self);
  } finally {
    await converters.stop();
  }

  const { paperSize, collegeTimeZone, collegeName } = loadConfig({});
  const answers = completeApplication();
  measured.pdfCopy = await cost(
    8,
    () =>
      buildApplicationPdf({
        form: printableApplication({ answers, addAnother: { activity: 4 }, tabs: {} }),
        answers,
        username: 'night@example.com',
        applicationId: 'APP-000001',
        submittedAt: new Date(),
        documents: [],
        compress: true,
        settings: { paperSize, timeZone: collegeTimeZone, collegeName },
      }),
    self,
  );

  // The statement alone: 10 callers for 3 s, its CPU in this process (PGlite's thread, the pg client) and in
  // PostgreSQL's processes when they can be seen.
  const postmaster = database === 'PostgreSQL' ? postmasterPid(process.env.DATABASE_URL!) : undefined;
  const dbPids = () => (postmaster ? [process.pid, postmaster] : [process.pid]);
  const json = JSON.stringify(answers);
  measured.saveStatement = await withSaveDatabase(database, json, 10, async (save) => {
    await measureStatement(save, 10, json, 10, 1); // warm-up
    const cpuStart = treeCpuMs(...dbPids());
    const rate = await measureStatement(save, 10, json, 10, 3);
    const n = rate.perSec * rate.seconds;
    const cpuMs = treeCpuMs(...dbPids()) - cpuStart;
    return { cpuMs: cpuMs / n, wallMs: rate.p50Ms, runs: n };
  });

  const parts = Object.keys(PART_COUNTS) as NightPart[];
  const total = parts.reduce((sum, p) => sum + PART_COUNTS[p] * measured[p].cpuMs, 0);
  const cores = os.cpus().length;
  return {
    cores,
    applicantsPerHour: Math.round((cores * 3600 * 1000) / total),
    costs: parts.map((part) => ({
      part,
      cpuMs: round(measured[part].cpuMs, 3),
      wallMs: round(measured[part].wallMs, 2),
      runs: measured[part].runs,
      perApplicantHourMs: round(PART_COUNTS[part] * measured[part].cpuMs, 2),
      share: round((PART_COUNTS[part] * measured[part].cpuMs) / total, 3),
    })),
    note:
      database === 'PGlite'
        ? "the save statement's CPU is this process's (PGlite runs in its thread)"
        : postmaster
          ? "the save statement's CPU counts this process (the pg client) and the cluster's processes"
          : "the save statement's CPU counts the pg client only: DATABASE_URL's PostgreSQL is not on this machine's /proc",
  };
}
