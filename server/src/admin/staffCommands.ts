import type { AdminOperations } from './operations';

/**
 * `staff add|list|role|remove|sso-reset`: the same as the console's Staff accounts page, and audited the same way
 * (by the accounts service). Null for anything else (the caller prints the usage).
 */
export async function staffCommand(
  staff: AdminOperations['staff'],
  sub: string | undefined,
  rest: string[],
  role: string | undefined,
): Promise<string | null> {
  if (sub === 'add' && rest[0]) {
    await staff.add(rest[0], role ?? '');
    return `Added ${rest[0]} (${role}). An enrolment link was mailed to them (valid 24 hours, single use).`;
  }
  if (sub === 'list') {
    const list = await staff.list();
    if (list.length === 0) return 'No staff accounts yet.';
    return list
      .map(
        (a) =>
          `${a.email}\t${a.role}\t${a.enrolled ? 'enrolled' : 'not enrolled'}\tlast sign-in ${a.lastSignInAt ?? 'never'}`,
      )
      .join('\n');
  }
  if (sub === 'role' && rest[0]) {
    await staff.setRole(rest[0], rest[1] ?? '');
    return `${rest[0]} is now ${rest[1]}; their sessions have ended.`;
  }
  if (sub === 'remove' && rest[0]) {
    await staff.remove(rest[0]);
    return `Removed ${rest[0]}; their sessions have ended.`;
  }
  if (sub === 'sso-reset' && rest[0]) {
    await staff.resetSso(rest[0]);
    return `Forgot ${rest[0]}'s single sign-on link (their next single sign-on links it again); their sessions have ended.`;
  }
  return null;
}
