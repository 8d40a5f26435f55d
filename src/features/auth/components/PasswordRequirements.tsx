import type { ReactNode } from 'react';
import { CheckIcon, CrossIcon, DashIcon } from './icons';
import { MESSAGES, PASSWORD_RULES, passwordsMatch } from '../../../kernel/auth/rules';
import { useT } from '../../language';

export type RequirementState = 'inactive' | 'error' | 'success';

/** What a screen reader hears before each line: the state in words (the icon and colour say it visually). */
export const REQUIREMENT_PREFIX: Record<RequirementState, string> = {
  inactive: 'Requirement:',
  error: 'Not met:',
  success: 'Met:',
};

const ICONS: Record<RequirementState, ReactNode> = {
  inactive: <DashIcon />,
  error: <CrossIcon />,
  success: <CheckIcon />,
};

export interface RequirementLine {
  id: string;
  text: string;
  state: RequirementState;
}

/**
 * The state of each requirement line (SPEC §5): inactive while the password is empty (until a submit, which
 * shows the failing lines as errors), then error or success. With `confirmPassword` the reset page's
 * 'passwords must match' line is added; it is inactive while the confirmation is empty.
 */
export function requirementLines(password: string, submitted: boolean, confirmPassword?: string): RequirementLine[] {
  const lines: RequirementLine[] = PASSWORD_RULES.map((rule) => ({
    id: rule.id,
    text: rule.text,
    state: password === '' && !submitted ? 'inactive' : rule.test(password) ? 'success' : 'error',
  }));
  if (confirmPassword !== undefined) {
    lines.push({
      id: 'match',
      text: MESSAGES.passwordsMustMatch,
      state:
        confirmPassword === '' && !submitted
          ? 'inactive'
          : passwordsMatch(password, confirmPassword)
            ? 'success'
            : 'error',
    });
  }
  return lines;
}

/**
 * The requirement lines under a new password. The list is a polite live region (a line that changes state is
 * read out) and the password input's description (aria-describedby = `id`), so it is heard on focus too.
 */
export function PasswordRequirements({
  id,
  password,
  submitted,
  confirmPassword,
}: {
  id: string;
  password: string;
  submitted: boolean;
  confirmPassword?: string;
}) {
  const lines = requirementLines(password, submitted, confirmPassword);
  const t = useT();
  return (
    <div className="auth-reqs">
      <p id={`${id}-title`}>{t('Password requirements:')}</p>
      <ul id={id} aria-labelledby={`${id}-title`} aria-live="polite">
        {lines.map((line) => (
          <li key={line.id} id={`${id}-${line.id}`} data-state={line.state} className={`auth-req-${line.state}`}>
            {ICONS[line.state]}
            <span>
              <span className="auth-sr-only">{t(REQUIREMENT_PREFIX[line.state])} </span>
              {t(line.text)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
