import { Banner } from '../../components/Banner';
import { activeDeadline } from './deadlines';
import { clock } from './clock';

/** The application-deadline promotion of the day (SPEC §1), if any. `now` is for tests; the app uses the clock. */
export function DeadlineBanner({ now }: { now?: Date }) {
  const promo = activeDeadline(now ?? clock.now());
  if (!promo) return null;
  return (
    <Banner label="Application deadline" title={`Apply by ${promo.deadline}!`}>
      Submit your application by {promo.deadline} to meet the next admission deadline.
    </Banner>
  );
}
