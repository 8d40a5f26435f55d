/**
 * The staff console's entry (webpack's "staff" → dist/staff.html, served for /staff/*): its own store, API and
 * router, apart from the applicants' app but for the kernel (ARCHITECTURE.md, "The staff console").
 */
import { createRoot } from 'react-dom/client';
import { StaffApp } from './StaffApp';
import { makeStaffStore } from './store';
import { createStaffRouter } from './router';
import './staff.css';

const store = makeStaffStore();
createRoot(document.getElementById('root')!).render(<StaffApp store={store} router={createStaffRouter()} />);
