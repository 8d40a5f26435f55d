import { Outlet } from 'react-router-dom';

/** Layout of the account pages (/signup, /confirm, /login, /forgot, /reset). Filled by the layout work. */
export default function AuthLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
