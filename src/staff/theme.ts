import type { ThemeConfig } from 'antd';

/**
 * The console's antd theme: the applicants' colours (src/styles/theme.ts), chosen for WCAG 2.2 AA contrast on white.
 * antd's default primary (#1677ff) fails AA for 14 px text under white.
 */
export const STAFF_THEME: ThemeConfig = {
  token: {
    // No animations. antd's Button drops its loading icon (aria-label "loading") only at the end of a CSS leave
    // transition; when that transitionend is missed (a busy renderer), an idle button keeps "loading" in its
    // accessible name, and a screen reader announces it. Modals and menus also open at once: staff read at speed.
    motion: false,
    colorPrimary: '#0958d9', // 6.2:1
    // Hover and press darken, never lighten: white text keeps AA contrast on a hovered primary button.
    colorPrimaryHover: '#003eb3', // 9.6:1
    colorPrimaryActive: '#002c8c',
    colorLink: '#0958d9',
    colorLinkHover: '#003eb3',
    colorText: '#1f1f1f', // 16.1:1
    colorError: '#a8071a', // 8.0:1
    colorErrorHover: '#820014',
    colorErrorActive: '#5c0011',
    colorSuccess: '#135200',
    colorTextDescription: '#595959', // 7.0:1
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextPlaceholder: '#595959',
    colorBorder: '#8c8c8c', // 3.4:1 (non-text contrast of control borders, 1.4.11)
  },
};
