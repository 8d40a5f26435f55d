import fs from 'node:fs';
import path from 'node:path';
import { BREAKPOINT_MOBILE_PX, BREAKPOINT_TABLET_PX } from '../kernel/constants';
import { COLORS } from './theme';

/** Plain CSS cannot import constants: these checks keep shell.css in step with constants.ts and theme.ts. */
const css = fs.readFileSync(path.join(__dirname, 'shell.css'), 'utf8');

describe('shell.css', () => {
  it('uses the spec’s breakpoints and no others', () => {
    const widths = [...css.matchAll(/@media \((max|min)-width: (\d+)px\)/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(new Set(widths)).toEqual(new Set([`max ${BREAKPOINT_MOBILE_PX}`, `min ${BREAKPOINT_TABLET_PX + 1}`]));
  });

  it('uses only the theme’s colours', () => {
    const palette = new Set<string>([...Object.values(COLORS), '#ffffff'].map((c) => c.toLowerCase()));
    const used = [...css.matchAll(/#[0-9a-f]{3,8}\b/gi)].map((m) => m[0].toLowerCase());
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((c) => !palette.has(c))).toEqual([]);
  });

  it('gives every interactive shell control at least a 24 px target (WCAG 2.5.8)', () => {
    for (const rule of ['.shell-btn', '.shell-toast-close', '.shell-tabs a']) {
      const block = css.match(new RegExp(`^${rule.replace('.', '\\.')} \\{([^}]*)\\}`, 'm'))?.[1] ?? '';
      const sizes = [...block.matchAll(/(?:min-height|height): (\d+)px/g)].map((m) => Number(m[1]));
      expect({ rule, ok: sizes.length > 0 && sizes.every((s) => s >= 24) }).toEqual({ rule, ok: true });
    }
  });
});
