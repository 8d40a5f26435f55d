import type { ServiceStatus } from '../serviceStatus/service';
import type { AdminOperations } from './operations';

type Ops = Pick<AdminOperations, 'serviceStatus' | 'setNotice' | 'setMaintenance'>;

const noticeLine = ({ notice }: ServiceStatus) => (notice === null ? 'No notice is shown.' : `Notice: ${notice}`);
const maintenanceLine = ({ maintenance }: ServiceStatus) =>
  maintenance
    ? "Maintenance is on: applicants' changes are refused (503) and their pages say so; reads keep working."
    : "Maintenance is off: applicants' changes are accepted.";

/**
 * `notice "<text>"`, `notice --clear`, `notice` (what is shown), `maintenance on|off`, `maintenance` (which it is):
 * the operator's word to every applicant page, which each open page shows within a minute, on every instance. Null
 * for anything else (the caller prints the usage).
 */
export async function serviceStatusCommand(
  ops: Ops,
  command: string | undefined,
  words: string[],
  clear: boolean,
): Promise<string | null> {
  if (command === 'notice') {
    if (clear && words.length === 0) {
      await ops.setNotice(null);
      return 'The notice was cleared: applicant pages stop showing it within a minute.';
    }
    if (clear) return null;
    if (words.length === 0) return noticeLine(await ops.serviceStatus());
    const { notice } = await ops.setNotice(words.join(' '));
    return `Every applicant page shows this notice within a minute:\n${notice}`;
  }
  if (command === 'maintenance' && words.length <= 1) {
    const [state] = words;
    if (state === undefined) return maintenanceLine(await ops.serviceStatus());
    if (state !== 'on' && state !== 'off') return null;
    return maintenanceLine(await ops.setMaintenance(state === 'on'));
  }
  return null;
}
