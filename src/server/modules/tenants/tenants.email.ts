import { unitPlace } from "#domain/i18n/unit-place";
import { type Locale, localizedPath } from "#domain/locale";
import { TENANT_INVITE_DAYS, TENANT_SIGN_IN_LINK_MINUTES } from "#domain/maintenance";
import { site } from "#domain/site";
import { renderEmail } from "#server/mail/email-layout";
import type { QueuedMessage } from "#server/mail/mail-queue";

/**
 * The page that exchanges a link's token for a session (the token is its `token` query), in
 * the tenant's language: the portal it opens speaks the same.
 */
export const signInPageUrl = (publicUrl: string, token: string, lang: Locale = "en") =>
  `${publicUrl}${localizedPath("/tenant-portal/sign-in", lang)}?token=${encodeURIComponent(token)}`;

const invitationWords = {
  en: {
    subject: `${site.name}: your tenant portal`,
    heading: (name: string) => `Welcome, ${name}`,
    invites: (place: string) => `${site.name} invites you to its tenant portal for ${place}.`,
    what: "There you can report a repair with photos, follow it until it is done, write to the office, and send or receive documents such as your lease.",
    button: `The button signs you in. It works once, for ${TENANT_INVITE_DAYS} days. After that, ask for a sign-in link at the portal with this e-mail address: no password needed.`,
    action: "Open the tenant portal",
    footnote: `If you are not a tenant of ${site.name}, ignore this e-mail.`,
  },
  es: {
    subject: `${site.name}: su portal de inquilinos`,
    heading: (name: string) => `Le damos la bienvenida, ${name}`,
    invites: (place: string) => `${site.name} le invita al portal de inquilinos de ${place}.`,
    what: "Allí puede solicitar una reparación con fotos, seguirla hasta que esté terminada, escribir a la oficina y enviar o recibir documentos, como su contrato de arrendamiento.",
    button: `Con este botón inicia sesión. Solo sirve una vez y es válido durante ${TENANT_INVITE_DAYS} días. Después, pida en el portal un enlace para iniciar sesión con esta dirección de correo electrónico; no necesita contraseña.`,
    action: "Abrir el portal de inquilinos",
    footnote: `Si usted no es inquilino de ${site.name}, ignore este correo.`,
  },
} satisfies Record<Locale, Record<string, unknown>>;

type Place = { propertyName: string; unitNumber: string };

/** A tenant's invitation to the portal, from the office, in the language staff chose for them. */
export function invitationEmail(input: {
  to: string;
  name: string;
  place: Place;
  url: string;
  lang: Locale;
}): QueuedMessage {
  const words = invitationWords[input.lang];
  return {
    kind: "tenant_invitation",
    to: input.to,
    subject: words.subject,
    ...renderEmail({
      heading: words.heading(input.name),
      paragraphs: [
        words.invites(unitPlace(input.place.propertyName, input.place.unitNumber, input.lang)),
        words.what,
        words.button,
      ],
      action: { label: words.action, url: input.url },
      footnote: words.footnote,
      language: input.lang,
    }),
  };
}

const signInLinkWords = {
  en: {
    subject: `${site.name}: your sign-in link`,
    heading: "Sign in to the tenant portal",
    body: `The button signs you in to the tenant portal. It works once, for ${TENANT_SIGN_IN_LINK_MINUTES} minutes.`,
    action: "Sign in",
    footnote: "If you did not ask for this, ignore this e-mail: nobody can sign in without it.",
  },
  es: {
    subject: `${site.name}: su enlace para iniciar sesión`,
    heading: "Inicie sesión en el portal de inquilinos",
    body: `El botón abre su sesión en el portal de inquilinos. Funciona una sola vez, durante ${TENANT_SIGN_IN_LINK_MINUTES} minutos.`,
    action: "Iniciar sesión",
    footnote: "Si usted no lo pidió, ignore este correo: nadie puede iniciar sesión sin él.",
  },
} satisfies Record<Locale, Record<string, string>>;

/** The link a tenant asked for at the portal, in the language of the page they asked from. */
export function signInLinkEmail(input: { to: string; url: string; lang: Locale }): QueuedMessage {
  const words = signInLinkWords[input.lang];
  return {
    kind: "tenant_sign_in_link",
    to: input.to,
    subject: words.subject,
    ...renderEmail({
      heading: words.heading,
      paragraphs: [words.body],
      action: { label: words.action, url: input.url },
      footnote: words.footnote,
      language: input.lang,
    }),
  };
}
