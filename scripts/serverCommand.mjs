import fs from 'node:fs';

// How the server process is started in production (npm start) and by the tests that stop it: Node itself, with
// tsx's loader hook for TypeScript. Not the `tsx` command: that wrapper forwards SIGTERM to a child and kills it
// about 60 ms later, which reset requests in flight; Node gets the signal here and the server drains them.
export const SERVER_START_ARGS = ['--import', 'tsx', 'server/src/main.ts'];

/** Settings that would point a server at a deployment's database, processes, mail or documents. */
const DEPLOYMENT_SETTINGS = [
  'DATABASE_URL',
  'DATABASE_SCHEMA',
  'SERVER_PROCESSES',
  'SMTP_URL',
  'OUTBOX_DIR',
  'FILES_DIR',
  'S3_BUCKET',
];

/**
 * `env` without DEPLOYMENT_SETTINGS: for a server the tests or the bench start on an embedded database, mail and
 * files of its own (npm run test:pg and a bench with DATABASE_URL set some), adding back what it should use.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function withoutDeploymentSettings(env) {
  const copy = { ...env };
  for (const key of DEPLOYMENT_SETTINGS) delete copy[key];
  return copy;
}

/**
 * The processes a server started this way runs (server/src/processes.ts, SERVER_PROCESSES above 1), from Linux's
 * /proc: its children running the same script, not tsx's helper. None when it serves alone.
 * @param {number} pid
 * @returns {number[]}
 */
export function serverChildPids(pid) {
  const script = SERVER_START_ARGS[SERVER_START_ARGS.length - 1];
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean);
  return children.map(Number).filter((child) => {
    try {
      return fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(script);
    } catch {
      return false; // gone meanwhile
    }
  });
}
