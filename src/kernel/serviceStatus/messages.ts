/**
 * The words of the operator's notice and maintenance mode (rules.ts beside this file): what every refused change
 * answers and the page shows, and the name of the region that shows them. Apart from src/kernel/messages.ts, which the
 * first download carries whole.
 */
export const MAINTENANCE_MESSAGE =
  'The application is being updated for a few minutes, so changes cannot be sent right now. Your answers are kept on this device and will be sent when it is back.';
export const SERVICE_NOTICE_LABEL = 'Notice from the admissions office';
