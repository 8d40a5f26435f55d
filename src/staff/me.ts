import { useOutletContext } from 'react-router-dom';
import type { StaffRole } from '../kernel/staff/roles';
import type { Me } from './api';

/** The signed-in staff member, for the pages inside the signed-in layout (StaffLayout passes it down). */
export const useMe = () => useOutletContext<Me>();

export const ROLE_NAMES: Record<StaffRole, string> = { reader: 'Reader', admin: 'Admin' };
