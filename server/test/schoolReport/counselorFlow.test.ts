import { makeApp } from '../helpers';
import { counselorFlowSuite } from './counselorFlow';

/** The counselor's school report end to end on the embedded database (PGlite). */
counselorFlowSuite(() => makeApp({ collegeName: 'Lakeside College' }));
