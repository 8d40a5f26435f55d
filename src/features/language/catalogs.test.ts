import { IDENTITY_MESSAGES } from '../../kernel/auth/messages';
import { MESSAGES, PASSWORD_RULES } from '../../kernel/auth/rules';
import {
  CARD_ERRORS,
  GENERIC_ERROR,
  INACTIVITY_LOGOUT,
  SESSION_INVALID,
  SUCCESS_TOAST_TITLE,
} from '../../kernel/messages';
import { INCOMPLETE_LINK_TITLE, UNCONFIRMED_TITLE } from '../auth/copy';
import { ANSWERS_KEPT } from '../auth/pages/SignUpPage';
import { REQUIREMENT_PREFIX } from '../auth/components/PasswordRequirements';
import { catalogSource, placeholders } from './testing';

/**
 * The catalogues cannot drift apart: a message id is its English text, so each Spanish key must be an English
 * message with the same placeholders, and each English message of a translated area must have its Spanish.
 */
const es = catalogSource('es');

it('every Spanish message keeps its English id’s placeholders, and no more', () => {
  const drifted = Object.entries(es).filter(
    ([id, message]) => placeholders(id).join() !== placeholders(message).join(),
  );
  expect(drifted).toEqual([]);
});

it('English ids hold plain placeholders only: the pages fill them in without Lingui (i18n.ts)', () => {
  const complex = Object.keys(es).filter((id) => /\{\s*\w+\s*,/.test(id));
  expect(complex).toEqual([]);
});

it('every English message of the account pages, the error catalogue and the toasts has its Spanish', () => {
  const messages = [
    ...Object.values(MESSAGES),
    ...PASSWORD_RULES.map((rule) => rule.text),
    ...Object.values(CARD_ERRORS),
    ...Object.values(IDENTITY_MESSAGES),
    ...Object.values(REQUIREMENT_PREFIX),
    SUCCESS_TOAST_TITLE,
    GENERIC_ERROR,
    SESSION_INVALID,
    INACTIVITY_LOGOUT,
    UNCONFIRMED_TITLE,
    INCOMPLETE_LINK_TITLE,
    ANSWERS_KEPT,
  ];
  expect(messages.filter((message) => !(message in es))).toEqual([]);
});

it('no Spanish message is left in English or empty', () => {
  expect(Object.entries(es).filter(([id, message]) => message.trim() === '' || message === id)).toEqual([]);
});
