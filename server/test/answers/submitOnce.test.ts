import { makeApp } from '../helpers';
import { submitOnceSuite } from './submitOnce';

/** Submit safe to repeat on the embedded database (PGlite): one server, so both "instances" are the same. */
submitOnceSuite(
  async () => {
    const t = await makeApp();
    return [t, t];
  },
  ([t]) => t.close(),
);
