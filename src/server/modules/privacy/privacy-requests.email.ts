import {
  PRIVACY_ANSWER_DAYS,
  PRIVACY_CONFIRM_DAYS,
  type PrivacyRequestKind,
} from "#domain/privacy";
import { site } from "#domain/site";
import { renderEmail } from "#server/mail/email-layout";
import type { MailMessage } from "#server/mail/mailer";

/** The e-mail that proves a privacy request's address: its link opens the page that confirms it. */

type Words = {
  subject: string;
  heading: string;
  intro: Record<PrivacyRequestKind, string>;
  action: string;
  footnote: string;
};

const words: Record<"en" | "es", Words> = {
  en: {
    subject: `${site.name}: confirm your privacy request`,
    heading: "Confirm your privacy request",
    intro: {
      access: `You asked for a copy of the personal information ${site.name} holds about this e-mail address. Please confirm that the address is yours; we answer within ${PRIVACY_ANSWER_DAYS} days of your confirmation.`,
      deletion: `You asked ${site.name} to delete the personal information it holds about this e-mail address. Please confirm that the address is yours; we answer within ${PRIVACY_ANSWER_DAYS} days of your confirmation.`,
    },
    action: "Confirm my request",
    footnote: `This link works for ${PRIVACY_CONFIRM_DAYS} days. If you did not ask, ignore this e-mail: nothing will happen.`,
  },
  es: {
    subject: `${site.name}: confirme su solicitud de privacidad`,
    heading: "Confirme su solicitud de privacidad",
    intro: {
      access: `Pidió una copia de la información personal que ${site.name} guarda sobre esta dirección de correo electrónico. Confirme que la dirección es suya; respondemos en un plazo de ${PRIVACY_ANSWER_DAYS} días desde su confirmación.`,
      deletion: `Pidió a ${site.name} que elimine la información personal que guarda sobre esta dirección de correo electrónico. Confirme que la dirección es suya; respondemos en un plazo de ${PRIVACY_ANSWER_DAYS} días desde su confirmación.`,
    },
    action: "Confirmar mi solicitud",
    footnote: `Este enlace es válido durante ${PRIVACY_CONFIRM_DAYS} días. Si usted no lo pidió, ignore este correo: no pasará nada.`,
  },
};

export function privacyRequestEmail(input: {
  to: string;
  lang: "en" | "es";
  kind: PrivacyRequestKind;
  confirmUrl: string;
}): MailMessage {
  const w = words[input.lang];
  const { html, text } = renderEmail({
    heading: w.heading,
    paragraphs: [w.intro[input.kind]],
    action: { label: w.action, url: input.confirmUrl },
    footnote: w.footnote,
    language: input.lang,
  });
  return { to: input.to, subject: w.subject, html, text };
}
