/** The deadline and welcome banners above the form (SPEC §4). */
export { DeadlineBanner } from './DeadlineBanner';
export { WelcomeBanner } from './WelcomeBanner';
