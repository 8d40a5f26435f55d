import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';

/**
 * An icon of @ant-design/icons-svg (the SVG data behind antd's icons) drawn as a plain inline SVG, decorative
 * (hidden from assistive technology). @ant-design/icons' components also inject their style sheet at run time,
 * and brought about 6 KB of minified code to every form page's first download for the account menu's two icons.
 * Its look is antd's `.anticon`, as `.shell-icon` in shell.css. Outlined and filled icons only (one colour).
 */
export function SvgIcon({ icon }: { icon: IconDefinition }) {
  const root = icon.icon as AbstractNode;
  return (
    <span className={`shell-icon shell-icon-${icon.name}`} aria-hidden="true">
      <svg viewBox={root.attrs.viewBox} focusable="false" width="1em" height="1em" fill="currentColor">
        {(root.children ?? []).map((child, i) => (
          <path key={i} d={child.attrs.d} />
        ))}
      </svg>
    </span>
  );
}
