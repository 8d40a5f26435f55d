import { Outlet } from 'react-router-dom';

/** Layout of the form routes (/about, /education, /final-steps, /completion). Filled by the layout work. */
export default function FormLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
