import { Link } from 'react-router-dom';
import { STAFF_PATHS } from '../../kernel/staff/paths';
import { usePageTitle } from '../ui';

/** An address under /staff that is no page of the console. */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is no such page in the staff console. <Link to={STAFF_PATHS.home}>Go to the home page</Link>.
      </p>
    </>
  );
}
