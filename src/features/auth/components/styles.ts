import { BREAKPOINT_MOBILE_PX } from '../../../kernel/constants';

/** Colours of the account cards, each with at least 4.5:1 contrast on white (WCAG AA text), borders 3:1. */
export const COLORS = {
  text: '#1f1f1f', // 16.1:1
  muted: '#595959', // 7.0:1
  error: '#b3261e', // 6.6:1
  success: '#1e6b1e', // 6.6:1
  primary: '#0958d9', // 6.2:1, and white on it 6.2:1
  primaryHover: '#003eb3',
  border: '#8c8c8c', // 3.4:1 (1.4.11 non-text contrast)
  divider: '#e5e5e5',
  warningBorder: '#ad6800',
  warningBg: '#fffbe6',
  errorBg: '#fff1f0',
} as const;

/**
 * The account cards' style sheet. Plain elements and CSS instead of antd here: antd's runtime (cssinjs, theme,
 * config provider) alone is ~67 KB gzip, which the /login route cannot afford within its 170 KB first-download
 * budget. No CSS loader in webpack, and :focus-visible, :hover and media queries cannot be inline styles, so
 * <AuthStyle/> puts this string in one <style> element (React 19 hoists it into <head> once; the CSP allows
 * inline styles). Class names are prefixed `auth-`.
 */
export const AUTH_CSS = `
.auth-card { box-sizing: border-box; width: 100%; max-width: 440px; margin: 0 auto; padding: 24px; background: #fff;
  border: 1px solid ${COLORS.divider}; border-radius: 8px; color: ${COLORS.text}; overflow-wrap: anywhere; }
.auth-card *, .auth-card *::before, .auth-card *::after { box-sizing: border-box; }
.auth-title { margin: 0 0 20px; font-size: 1.75rem; line-height: 1.25; font-weight: 600; }
.auth-intro { margin: 0 0 16px; }
.auth-field { margin: 0 0 16px; }
.auth-label { display: block; margin: 0 0 6px; font-weight: 600; }
.auth-input-row { display: flex; gap: 8px; }
.auth-input { display: block; flex: 1 1 auto; width: 100%; min-width: 0; min-height: 44px; margin: 0; padding: 8px 12px;
  font: inherit; font-size: 1rem; line-height: 1.5; color: ${COLORS.text}; background: #fff;
  border: 1px solid ${COLORS.border}; border-radius: 6px; }
.auth-input:hover { border-color: ${COLORS.primary}; }
.auth-input:focus { outline: 3px solid ${COLORS.primary}; outline-offset: 1px; border-color: ${COLORS.primary}; }
.auth-input[aria-invalid='true'] { border-color: ${COLORS.error}; box-shadow: inset 0 0 0 1px ${COLORS.error}; }
.auth-error { display: flex; gap: 6px; align-items: center; margin: 6px 0 0; color: ${COLORS.error}; }
.auth-btn { display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 44px; min-width: 44px;
  margin: 0; padding: 8px 16px; font: inherit; font-size: 1rem; line-height: 1.25; color: ${COLORS.text}; background: #fff;
  border: 1px solid ${COLORS.border}; border-radius: 6px; cursor: pointer; text-align: center; }
.auth-btn:hover { border-color: ${COLORS.primary}; color: ${COLORS.primary}; }
.auth-btn:focus-visible, .auth-link:focus-visible { outline: 3px solid ${COLORS.primary}; outline-offset: 2px; }
.auth-btn-primary { background: ${COLORS.primary}; border-color: ${COLORS.primary}; color: #fff; font-weight: 600; }
.auth-btn-primary:hover { background: ${COLORS.primaryHover}; border-color: ${COLORS.primaryHover}; color: #fff; }
.auth-btn-link { background: transparent; border-color: transparent; color: ${COLORS.primary}; text-decoration: underline; }
.auth-btn-link:hover { border-color: transparent; color: ${COLORS.primaryHover}; }
.auth-btn-block { display: flex; width: 100%; }
.auth-btn[aria-disabled='true'] { cursor: progress; }
.auth-btn-reveal { flex: none; min-width: 64px; padding: 8px 12px; }
.auth-spin { display: inline-block; width: 1em; height: 1em; border: 2px solid currentColor; border-right-color: transparent;
  border-radius: 50%; animation: auth-spin 0.8s linear infinite; }
@keyframes auth-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .auth-spin { animation-duration: 2.4s; } }
.auth-actions { display: flex; flex-direction: column; gap: 8px; }
.auth-link { color: ${COLORS.primary}; text-decoration: underline; }
.auth-link:hover { color: ${COLORS.primaryHover}; }
.auth-forgot { margin: -4px 0 16px; text-align: right; }
.auth-footer { margin: 24px 0 0; padding-top: 16px; border-top: 1px solid ${COLORS.divider}; }
.auth-reqs { margin: -4px 0 16px; }
.auth-reqs p { margin: 0 0 4px; }
.auth-reqs ul { margin: 0; padding: 0; list-style: none; }
.auth-reqs li { display: flex; gap: 8px; align-items: center; line-height: 1.6; }
.auth-reqs svg, .auth-error svg { flex: none; }
.auth-req-inactive { color: ${COLORS.muted}; }
.auth-req-error { color: ${COLORS.error}; }
.auth-req-success { color: ${COLORS.success}; }
.auth-alert { display: flex; gap: 10px; margin: 0 0 20px; padding: 12px 14px; border: 1px solid; border-radius: 6px; }
.auth-alert-warning { border-color: ${COLORS.warningBorder}; background: ${COLORS.warningBg}; }
.auth-alert-warning .auth-alert-icon { color: ${COLORS.warningBorder}; }
.auth-alert-error { border-color: ${COLORS.error}; background: ${COLORS.errorBg}; }
.auth-alert-error .auth-alert-icon { color: ${COLORS.error}; }
.auth-alert-icon { flex: none; font-size: 1.125rem; line-height: 1; padding-top: 3px; }
.auth-alert-title { margin: 0; font-weight: 600; }
.auth-alert p:not(.auth-alert-title) { margin: 4px 0 12px; }
.auth-alert p:last-child { margin-bottom: 0; }
.auth-alert-actions { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
.auth-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
@media (max-width: ${BREAKPOINT_MOBILE_PX}px) {
  .auth-card { padding: 20px 16px; }
  .auth-title { font-size: 1.5rem; }
}
`;
