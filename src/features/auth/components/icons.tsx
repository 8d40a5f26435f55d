/**
 * The few icons the account cards draw, as inline SVG (a few hundred bytes, against several KB for icon-font
 * components). Decorative only: always aria-hidden, the words next to them carry the meaning.
 */
const base = { width: '1em', height: '1em', viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;

export function CheckIcon() {
  return (
    <svg {...base} fill="currentColor">
      <path d="M8 0a8 8 0 1 1 0 16A8 8 0 0 1 8 0Zm3.6 4.9L6.9 9.6 4.4 7.1 3.3 8.2l3.6 3.6 5.8-5.8-1.1-1.1Z" />
    </svg>
  );
}

export function CrossIcon() {
  return (
    <svg {...base} fill="currentColor">
      <path d="M8 0a8 8 0 1 1 0 16A8 8 0 0 1 8 0Zm2.5 4.4L8 6.9 5.5 4.4 4.4 5.5 6.9 8l-2.5 2.5 1.1 1.1L8 9.1l2.5 2.5 1.1-1.1L9.1 8l2.5-2.5-1.1-1.1Z" />
    </svg>
  );
}

export function DashIcon() {
  return (
    <svg {...base} fill="none" stroke="currentColor" strokeWidth="1.5">
      <circle cx="8" cy="8" r="7.25" />
      <path d="M4.5 8h7" />
    </svg>
  );
}

export function WarningIcon() {
  return (
    <svg {...base} fill="currentColor">
      <path d="M8 0a8 8 0 1 1 0 16A8 8 0 0 1 8 0Zm.8 11H7.2v1.6h1.6V11Zm0-7.6H7.2v6h1.6v-6Z" />
    </svg>
  );
}
