/**
 * CPU time of processes from Linux's /proc (user + system, every thread, in ms): what a part of the night costs
 * the machine, wherever it runs (the bench's own process and its threads, LibreOffice's soffice under it, the
 * server's processes, PostgreSQL's backends). A process that exits between two readings takes its time with it:
 * these are read over processes that stay (the server, a warm soffice, the cluster).
 */
import fs from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux x86 and arm). */
const TICKS_PER_S = 100;

/** One process's user + system CPU time in ms, or 0 when it is gone (or there is no /proc). */
export function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: the fields after it are counted from its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return 0;
  }
}

function children(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** `pid` and every process under it. */
export function processTree(pid: number): number[] {
  const out: number[] = [];
  const todo = [pid];
  while (todo.length > 0) {
    const next = todo.pop()!;
    out.push(next);
    todo.push(...children(next));
  }
  return out;
}

/** CPU time in ms of `roots` and every process under them now (each process counted once). */
export const treeCpuMs = (...roots: number[]) =>
  [...new Set(roots.flatMap(processTree))].reduce((sum, p) => sum + processCpuMs(p), 0);

const allPids = (): string[] => {
  try {
    return fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
};

/**
 * The processes with an argument containing `text`: LibreOffice's soffice leaves the process that started it
 * (its launcher forks it and exits), but its pipe's name, which carries the server's pid, stays in its arguments.
 */
export function pidsWithArgument(text: string): number[] {
  return allPids()
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * The postmaster of the PostgreSQL at `url` (the bench's own cluster: started with `-p <port>`, postgres.ts), found
 * by its command line; undefined when it runs elsewhere (DATABASE_URL's) or cannot be seen.
 */
export function postmasterPid(url: string): number | undefined {
  const port = new URL(url).port || '5432';
  for (const pid of allPids()) {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!args[0]?.endsWith('postgres')) continue;
      const at = args.indexOf('-p');
      const inline = args.find((a) => a.includes(`-p ${port} `));
      if ((at >= 0 && args[at + 1] === port) || inline) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}
