import { startInstances } from '../support/instances';
import { counselorFlowSuite } from './counselorFlow';

/** The counselor's school report end to end on PostgreSQL (the same steps as on the embedded database). */
counselorFlowSuite(async () => (await startInstances(1, { collegeName: 'Lakeside College' }))[0]);
