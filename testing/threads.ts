import fs from 'node:fs';

/** This process's threads and the nice value of each (Linux: a nice value is a thread's own), from /proc. */
export function threads(): { tid: string; nice: number }[] {
  return fs.readdirSync(`/proc/${process.pid}/task`).flatMap((tid) => {
    try {
      const stat = fs.readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
      // The command name, in parentheses, may hold spaces: the fields after it are counted from its end.
      return [{ tid, nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) }];
    } catch {
      return []; // a thread that ended meanwhile
    }
  });
}

/** The main thread, found by its id (the process's): /proc lists the threads in no order to rely on. */
export const mainThread = () => threads().find((t) => t.tid === String(process.pid));
