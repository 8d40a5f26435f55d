import type { ThemeConfig } from 'antd';

/**
 * The shell's colours, chosen for WCAG 2.2 AA contrast on white (ratios in comments). antd's default primary
 * (#1677ff, 4.1:1 under white text) fails AA for 14 px text, so antd components get APP_THEME.
 */
export const COLORS = {
  text: '#1f1f1f', // 16.1:1
  textMuted: '#595959', // 7.0:1
  primary: '#0958d9', // 6.2:1 (white text on it: 6.2:1)
  primaryHover: '#003eb3', // 9.6:1
  border: '#8c8c8c', // 3.4:1 (non-text contrast of control borders, 1.4.11)
  divider: '#d9d9d9',
  surface: '#ffffff',
  surfaceAlt: '#f5f5f5',
  infoBg: '#e6f4ff',
  infoBorder: '#91caff',
  successBg: '#f6ffed',
  successBorder: '#389e0d',
  successText: '#135200', // 10.8:1
  errorBorder: '#cf1322',
  errorText: '#a8071a', // 8.0:1
  focus: '#0958d9',
} as const;

/** antd's theme for the components the shell uses (Modal, Button). */
export const APP_THEME: ThemeConfig = {
  token: {
    colorPrimary: COLORS.primary,
    colorLink: COLORS.primary,
    colorText: COLORS.text,
    colorError: COLORS.errorText,
    colorTextDescription: COLORS.textMuted,
    colorTextSecondary: COLORS.textMuted,
    colorTextTertiary: COLORS.textMuted,
  },
};
