import { useId, useState } from 'react';
import { useAppDispatch } from '../../../shared/hooks';
import { useResendConfirmMutation } from '../../../services/api';
import { asApiError, clearCardError, showCardError, showSuccess } from '../notify';
import { MESSAGES } from '../../../kernel/auth/rules';
import { loadSchemas } from '../lazySchemas';
import { useMailLanguage } from '../../language';

/**
 * "Resend confirmation code" (SPEC §5, §7): needs a valid email in the email field, else the spec's message is
 * shown as that field's error (until the email changes) and focus goes there; otherwise POST
 * /public/resend-confirm, with the server's answer as a success toast or a 'Resend Confirmation Code Error'.
 * `emailFieldId` is the id to give the email field.
 */
export function useResendCode() {
  const dispatch = useAppDispatch();
  const emailFieldId = `${useId()}-email`;
  const [resendConfirm, { isLoading }] = useResendConfirmMutation();
  const mailLanguage = useMailLanguage();
  const [rejected, setRejected] = useState<string | null>(null);

  async function resend(username: string): Promise<void> {
    const { firstError, resendSchema } = await loadSchemas();
    if (firstError(resendSchema, 'username', { username })) {
      setRejected(username);
      document.getElementById(emailFieldId)?.focus();
      return;
    }
    setRejected(null);
    try {
      const { message } = await resendConfirm({ username: username.trim(), ...mailLanguage }).unwrap();
      clearCardError(dispatch, 'resend');
      showSuccess(dispatch, message);
    } catch (error) {
      showCardError(dispatch, 'resend', asApiError(error));
    }
  }

  /** The resend message for the email field while it still holds the address that was refused. */
  const emailError = (username: string) =>
    rejected !== null && rejected === username ? MESSAGES.resendEmailInvalid : undefined;

  return { resend, emailError, emailFieldId, isLoading };
}
