import { browserOnDevice } from "#domain/auth";
import { type Locale, localizedPath } from "#domain/locale";
import type { UserRole } from "#domain/roles";
import { site } from "#domain/site";
import { renderEmail } from "#server/mail/email-layout";
import type { QueuedMessage } from "#server/mail/mail-queue";
import type { SignInContext } from "./sign-in-attempt";
import { describeUserAgent } from "./user-agent";

const timeFormat: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "America/New_York",
  timeZoneName: "short",
};

/** The office's time zone: every time in an e-mail is told as Connecticut reads its clocks. */
export const officeTime = new Intl.DateTimeFormat("en-US", timeFormat);
const officeTimeIn: Record<Locale, Intl.DateTimeFormat> = {
  en: officeTime,
  es: new Intl.DateTimeFormat("es-US", timeFormat),
};

const whereFromWords = {
  en: { when: "When", browser: "Browser", address: "Address" },
  es: { when: "Fecha y hora", browser: "Navegador", address: "Dirección IP" },
} satisfies Record<Locale, Record<string, string>>;

/** When, from which browser and which address: the lines every security notice gives. */
export function whereFrom(context: SignInContext, at: Date, lang: Locale = "en"): string {
  const { browser, device } = describeUserAgent(context.userAgent);
  const words = whereFromWords[lang];
  return [
    `${words.when}: ${officeTimeIn[lang].format(at)}`,
    `${words.browser}: ${browserOnDevice(browser, device, lang)}`,
    `${words.address}: ${context.ipAddress}`,
  ].join("\n");
}

/**
 * What the notice says, by who reads it. Staff sign in with a password (and perhaps a second
 * step): someone else's sign-in means the password is known, and their security page lists and
 * ends sessions. Tenants have no password: they sign in by a link e-mailed to them, so someone
 * else's sign-in means someone reads their e-mail; they can sign that browser out from the
 * portal's Devices tab, and the office can end every session of their portal (End access). A
 * tenant reads it in the language of their e-mails.
 */
const noticeWords = {
  staff: {
    subject: `New sign-in to your ${site.name} account`,
    heading: "New sign-in to your account",
    what: `Your ${site.name} account was just signed in to from a browser it has not used before.`,
    ifNotYou:
      "If this was you, there is nothing to do. If it was not, reset your password now and sign out every other session from your security page.",
    action: "Review your sessions",
    footnote: "We send this notice for each browser the first time it is used with your account.",
  },
  tenant: {
    en: {
      subject: `New sign-in to your ${site.name} tenant portal`,
      heading: "New sign-in to your tenant portal",
      what: `Someone just signed in to your ${site.name} tenant portal from a new browser, with a sign-in link sent to this e-mail address.`,
      ifNotYou:
        "If this was you, there is nothing to do. If it was not, someone may be reading your e-mail: change your e-mail password now, then sign that browser out under Devices in your portal, or ask the office, which can sign your portal out everywhere.",
      action: "Open the tenant portal",
      footnote: "We send this notice the first time your portal is opened in each browser.",
    },
    es: {
      subject: `Nuevo inicio de sesión en su portal de inquilinos de ${site.name}`,
      heading: "Nuevo inicio de sesión en su portal de inquilinos",
      what: `Alguien acaba de iniciar sesión en su portal de inquilinos de ${site.name} desde un navegador nuevo, con un enlace enviado a esta dirección de correo electrónico.`,
      ifNotYou:
        "Si fue usted, no tiene que hacer nada. Si no fue usted, puede que alguien esté leyendo su correo: cambie ahora la contraseña de su correo electrónico y luego cierre la sesión de ese navegador en la pestaña Dispositivos de su portal, o pida a la oficina que cierre todas las sesiones de su portal.",
      action: "Abrir el portal de inquilinos",
      footnote: "Enviamos este aviso la primera vez que se abre su portal en un navegador.",
    },
  },
} as const;

/**
 * The e-mail to an account signed in to from a browser it has not used before (not on its very
 * first sign-in): when, which browser, from which address, and what to do if it was not them.
 * Staff read it in English, with a button to their security page; a tenant in the language of
 * their e-mails, with a button to the portal's sign-in page in that language (a signed-in tenant
 * goes on to the portal's Devices tab).
 */
export function newSignInEmail(
  to: { email: string; role: UserRole; language: Locale },
  context: SignInContext,
  at: Date,
  publicUrl: string,
): QueuedMessage {
  const tenant = to.role === "tenant";
  const lang = tenant ? to.language : "en";
  const words = tenant ? noticeWords.tenant[lang] : noticeWords.staff;
  const url = tenant
    ? `${publicUrl}${localizedPath("/tenant-portal/sign-in", lang)}?tab=devices`
    : `${publicUrl}/account/security`;
  const email = renderEmail({
    heading: words.heading,
    paragraphs: [words.what, whereFrom(context, at, lang), words.ifNotYou],
    action: { label: words.action, url },
    footnote: words.footnote,
    language: lang,
  });
  return { kind: "new_sign_in", to: to.email, subject: words.subject, ...email };
}
