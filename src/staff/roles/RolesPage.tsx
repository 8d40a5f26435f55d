/** Who may do what: the roles table (ROLE_CAPABILITIES, the one home of the rule), for every staff member. */
import { Table } from 'antd';
import { ROLE_CAPABILITIES, STAFF_ROLES, roleAllows, type StaffRole } from '../../kernel/staff/roles';
import { ROLE_NAMES } from '../me';
import { usePageTitle } from '../ui';

function Allowed({ allowed }: { allowed: boolean }) {
  return (
    <>
      <span aria-hidden="true">{allowed ? '✓' : '–'}</span>
      <span className="staff-visually-hidden">{allowed ? 'Allowed' : 'Not allowed'}</span>
    </>
  );
}

type Row = (typeof ROLE_CAPABILITIES)[number];

export default function RolesPage() {
  usePageTitle('Roles');
  return (
    <>
      <h1>Roles</h1>
      <p>What each staff role may do. An admin may do everything a reader may, and more. Admins give out the roles.</p>
      <Table<Row>
        rowKey="capability"
        dataSource={[...ROLE_CAPABILITIES]}
        pagination={false}
        tableLayout="fixed"
        columns={[
          { title: 'What', dataIndex: 'capability', key: 'capability' },
          ...STAFF_ROLES.map((role: StaffRole) => ({
            title: ROLE_NAMES[role],
            key: role,
            width: 88,
            align: 'center' as const,
            render: (_: unknown, row: Row) => <Allowed allowed={roleAllows(role, row.role)} />,
          })),
        ]}
      />
    </>
  );
}
