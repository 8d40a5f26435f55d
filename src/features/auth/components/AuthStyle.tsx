import { AUTH_CSS } from './styles';

/** The account cards' style sheet, hoisted by React 19 into <head> once however many cards render it. */
export function AuthStyle() {
  return (
    <style href="admission-auth" precedence="default">
      {AUTH_CSS}
    </style>
  );
}
