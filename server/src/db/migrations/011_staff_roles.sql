-- The staff roles by name. What each role may do lives in src/kernel/staff/roles.ts (ROLES), the one home of the
-- rule; this table only holds the names, so an account cannot hold a role the code does not define. The server fills
-- it from ROLES at boot (server/src/staff/roles.ts), so a new role needs no migration. It replaces 006's CHECK, a
-- second copy of the list.
CREATE TABLE staff_roles (name text PRIMARY KEY);
-- The roles 006 allowed, which accounts may already hold.
INSERT INTO staff_roles (name) VALUES ('reader'), ('admin');
ALTER TABLE staff_accounts DROP CONSTRAINT staff_accounts_role_check;
ALTER TABLE staff_accounts ADD CONSTRAINT staff_accounts_role_fkey FOREIGN KEY (role) REFERENCES staff_roles (name);
