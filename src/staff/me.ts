import { useOutletContext } from 'react-router-dom';
import type { Me } from './api';

/** The signed-in staff member, for the pages inside the signed-in layout (StaffLayout passes it down). */
export const useMe = () => useOutletContext<Me>();
