/** Who may do what: each permission a row, each role a column (src/kernel/staff/roles.ts, the one home of the rule). */
import { Table } from 'antd';
import {
  can,
  PERMISSIONS,
  roleName,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  type StaffPermission,
} from '../../kernel/staff/roles';
import { usePageTitle } from '../ui';

function Allowed({ allowed }: { allowed: boolean }) {
  return (
    <>
      <span aria-hidden="true">{allowed ? '✓' : '–'}</span>
      <span className="staff-visually-hidden">{allowed ? 'Allowed' : 'Not allowed'}</span>
    </>
  );
}

interface Row {
  permission: StaffPermission;
  capability: string;
}

const ROWS: Row[] = STAFF_PERMISSIONS.map((permission) => ({ permission, capability: PERMISSIONS[permission] }));

export default function RolesPage() {
  usePageTitle('Roles');
  return (
    <>
      <h1>Roles</h1>
      <p>What each staff role may do. Admins give out the roles.</p>
      <Table<Row>
        rowKey="permission"
        dataSource={ROWS}
        pagination={false}
        tableLayout="fixed"
        columns={[
          { title: 'What', dataIndex: 'capability', key: 'capability' },
          ...STAFF_ROLES.map((role) => ({
            title: roleName(role),
            key: role,
            width: 88,
            align: 'center' as const,
            render: (_: unknown, row: Row) => <Allowed allowed={can(role, row.permission)} />,
          })),
        ]}
      />
    </>
  );
}
