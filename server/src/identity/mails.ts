/**
 * The account mails (confirmation code, the sign-up of an existing account, the reset link) in each language the
 * applicant's pages speak: a mail is written in the language of the page that asked for it. English word for word
 * as before the Spanish; Spanish for a U.S. Spanish-speaking family ("usted"), with the pages' own terms.
 */
import type { Language } from '../../../src/kernel/i18n/languages';

export interface Mail {
  subject: string;
  text: string;
}

interface IdentityMails {
  confirmCode(args: { college: string; code: string; confirmLink: string; note: string }): Mail;
  /** Added to a new code's mail when a second sign-up found the account still waiting for confirmation. */
  waitingAccountNote(forgotLink: string): string;
  existingAccount(args: { loginLink: string; forgotLink: string }): Mail;
  resetLink(resetLink: string): Mail;
}

export const IDENTITY_MAILS: Record<Language, IdentityMails> = {
  en: {
    confirmCode: ({ college, code, confirmLink, note }) => ({
      subject: `Your ${college} confirmation code`,
      text: `Your confirmation code is ${code}\n\nEnter it on the Confirm Your Account page of your ${college} application, with your email address already filled in:\n${confirmLink}\n\nIt is valid for 24 hours.\n${note}`,
    }),
    waitingAccountNote: (forgotLink) =>
      `\nThis email address already had an account waiting for confirmation, so no new account was created: its password is the one chosen when it was first created. If you do not know it, choose a new password here (this confirms the account too):\n${forgotLink}\n`,
    existingAccount: ({ loginLink, forgotLink }) => ({
      subject: 'Someone tried to create an account with your email',
      text: `Someone (maybe you) tried to create an application account with this email address. An account with this email address already exists, so no new account was created.\n\nTo continue your application, log in:\n${loginLink}\n\nIf you have forgotten your password, reset it here:\n${forgotLink}\n\nIf it was not you, ignore this message: your account and your password stay as they are.\n`,
    }),
    resetLink: (resetLink) => ({
      subject: 'Reset your password',
      text: `Someone asked to reset the password of your application account.\n\nTo choose a new password, open this link within one hour:\n${resetLink}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
    }),
  },
  es: {
    confirmCode: ({ college, code, confirmLink, note }) => ({
      subject: `Su código de confirmación de ${college}`,
      text: `Su código de confirmación es ${code}\n\nEscríbalo en la página Confirme su cuenta de su solicitud a ${college}, donde su dirección de correo electrónico ya aparece escrita:\n${confirmLink}\n\nEs válido por 24 horas.\n${note}`,
    }),
    waitingAccountNote: (forgotLink) =>
      `\nEsta dirección de correo electrónico ya tenía una cuenta pendiente de confirmación, así que no se creó una cuenta nueva: su contraseña es la que se eligió cuando se creó. Si no la conoce, elija una contraseña nueva aquí (así también se confirma la cuenta):\n${forgotLink}\n`,
    existingAccount: ({ loginLink, forgotLink }) => ({
      subject: 'Alguien intentó crear una cuenta con su correo electrónico',
      text: `Alguien (quizás usted) intentó crear una cuenta de solicitud con esta dirección de correo electrónico. Ya existe una cuenta con esta dirección, así que no se creó una cuenta nueva.\n\nPara continuar su solicitud, inicie sesión:\n${loginLink}\n\nSi olvidó su contraseña, restablézcala aquí:\n${forgotLink}\n\nSi no fue usted, ignore este mensaje: su cuenta y su contraseña siguen como están.\n`,
    }),
    resetLink: (resetLink) => ({
      subject: 'Restablezca su contraseña',
      text: `Alguien pidió restablecer la contraseña de su cuenta de solicitud.\n\nPara elegir una contraseña nueva, abra este enlace dentro de una hora:\n${resetLink}\n\nSi no fue usted, ignore este mensaje: su contraseña sigue como está.\n`,
    }),
  },
};
