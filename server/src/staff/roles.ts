import type { FastifyBaseLogger } from 'fastify';
import { STAFF_ROLES } from '../../../src/kernel/staff/roles';
import type { Queryable } from './audit/gate';

/**
 * staff_roles (migration 011) holds the role names, so that staff_accounts.role can only be a role (a foreign key);
 * what each role may do is src/kernel/staff/roles.ts alone. At boot the table is made to match ROLES: a new role is
 * added, a role no longer defined is dropped when no account holds it. One still held is kept (the foreign key
 * needs it) and named in the log: its accounts may do nothing until an admin gives them a role (the console, the
 * CLI). Refusing to boot instead would stop the CLI that can fix it.
 */
export async function syncStaffRoles(db: Queryable, log: FastifyBaseLogger) {
  for (const role of STAFF_ROLES) {
    await db.query('INSERT INTO staff_roles (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [role]);
  }
  const { rows } = await db.query<{ name: string }>('SELECT name FROM staff_roles ORDER BY name');
  for (const { name } of rows) {
    if ((STAFF_ROLES as readonly string[]).includes(name)) continue;
    const { rows: held } = await db.query(
      `DELETE FROM staff_roles r WHERE r.name = $1
          AND NOT EXISTS (SELECT 1 FROM staff_accounts a WHERE a.role = r.name) RETURNING name`,
      [name],
    );
    if (held.length === 0)
      log.warn({ role: name }, 'staff accounts hold a role src/kernel/staff/roles.ts no longer defines');
  }
}
