import { startInstances, stopInstances } from '../support/instances';
import type { TestApp } from '../helpers';
import { submitOnceSuite } from './submitOnce';

/** Submit safe to repeat with two instances of the server on one PostgreSQL (the same steps as on PGlite). */
submitOnceSuite(async () => (await startInstances(2)) as [TestApp, TestApp], stopInstances);
