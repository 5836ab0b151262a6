import type { Locale } from "#domain/locale";
import { site } from "#domain/site";
import { WAITLIST_ANSWER_DAYS, WAITLIST_CONFIRM_DAYS } from "#domain/waitlists";
import { renderEmail } from "#server/mail/email-layout";
import type { QueuedMessage } from "#server/mail/mail-queue";

/**
 * A waiting list's e-mails, in the person's language: the link that confirms a join (or, for one
 * already on the list, the link to their place), the six-month question whether they are still
 * interested, and the word that they were removed when they did not answer.
 */

const list = (building: string, bedrooms: number, lang: Locale) =>
  lang === "es"
    ? `${building}, ${bedrooms === 0 ? "estudio" : `${bedrooms} ${bedrooms === 1 ? "dormitorio" : "dormitorios"}`}`
    : `${building}, ${bedrooms === 0 ? "studio" : `${bedrooms} ${bedrooms === 1 ? "bedroom" : "bedrooms"}`}`;

const words = {
  en: {
    confirmSubject: (l: string) => `Confirm your place on the waiting list: ${l}`,
    confirmHeading: "Confirm your place on the waiting list",
    confirm: (l: string) =>
      `You asked to join the waiting list for ${l}. Your place counts from when you confirm. The link works for ${WAITLIST_CONFIRM_DAYS} days.`,
    confirmAction: "Confirm my place",
    alreadySubject: (l: string) => `You are on the waiting list: ${l}`,
    alreadyHeading: "You are already on the waiting list",
    already: (l: string) =>
      `You asked again to join the waiting list for ${l}: you are on it already. The link shows your place, and lets you leave the list.`,
    alreadyAction: "See my place",
    checkSubject: (l: string) => `Are you still interested? ${l}`,
    checkHeading: "Do you want to stay on the waiting list?",
    check: (l: string) =>
      `Every six months we ask everyone on the waiting list for ${l} whether they are still interested. If you are, press the button within ${WAITLIST_ANSWER_DAYS} days: you keep your place. If we do not hear from you, you are taken off the list.`,
    checkAction: "Keep my place",
    removedSubject: (l: string) => `You were taken off the waiting list: ${l}`,
    removedHeading: "You were taken off the waiting list",
    removed: (l: string) =>
      `We asked whether you were still interested in the waiting list for ${l} and did not hear back within ${WAITLIST_ANSWER_DAYS} days, so you are no longer on it. You are welcome to join again on the building's page.`,
    footnote: `Questions? Reply to this e-mail or call ${site.phone}. If you did not ask for this, ignore this e-mail.`,
  },
  es: {
    confirmSubject: (l: string) => `Confirme su lugar en la lista de espera: ${l}`,
    confirmHeading: "Confirme su lugar en la lista de espera",
    confirm: (l: string) =>
      `Pidió unirse a la lista de espera de ${l}. Su lugar cuenta desde que confirma. El enlace funciona durante ${WAITLIST_CONFIRM_DAYS} días.`,
    confirmAction: "Confirmar mi lugar",
    alreadySubject: (l: string) => `Está en la lista de espera: ${l}`,
    alreadyHeading: "Ya está en la lista de espera",
    already: (l: string) =>
      `Volvió a pedir unirse a la lista de espera de ${l}: ya está en ella. El enlace muestra su lugar y le permite salir de la lista.`,
    alreadyAction: "Ver mi lugar",
    checkSubject: (l: string) => `¿Sigue interesado? ${l}`,
    checkHeading: "¿Quiere seguir en la lista de espera?",
    check: (l: string) =>
      `Cada seis meses preguntamos a todas las personas en la lista de espera de ${l} si siguen interesadas. Si lo está, pulse el botón dentro de ${WAITLIST_ANSWER_DAYS} días: conserva su lugar. Si no sabemos de usted, sale de la lista.`,
    checkAction: "Conservar mi lugar",
    removedSubject: (l: string) => `Salió de la lista de espera: ${l}`,
    removedHeading: "Salió de la lista de espera",
    removed: (l: string) =>
      `Le preguntamos si seguía interesado en la lista de espera de ${l} y no recibimos respuesta en ${WAITLIST_ANSWER_DAYS} días, así que ya no está en ella. Puede volver a unirse en la página del edificio.`,
    footnote: `¿Preguntas? Responda a este correo o llame al ${site.phone}. Si usted no pidió esto, ignore este correo.`,
  },
} satisfies Record<Locale, unknown>;

type Entry = { email: string; lang: Locale; bedrooms: number };

export function waitlistEmail(
  kind: "confirm" | "already" | "check" | "removed",
  entry: Entry,
  building: string,
  url: string | null,
): QueuedMessage {
  const w = words[entry.lang];
  const l = list(building, entry.bedrooms, entry.lang);
  const content = {
    confirm: {
      subject: w.confirmSubject(l),
      heading: w.confirmHeading,
      text: w.confirm(l),
      action: w.confirmAction,
    },
    already: {
      subject: w.alreadySubject(l),
      heading: w.alreadyHeading,
      text: w.already(l),
      action: w.alreadyAction,
    },
    check: {
      subject: w.checkSubject(l),
      heading: w.checkHeading,
      text: w.check(l),
      action: w.checkAction,
    },
    removed: {
      subject: w.removedSubject(l),
      heading: w.removedHeading,
      text: w.removed(l),
      action: null,
    },
  }[kind];
  return {
    kind:
      kind === "check"
        ? "waitlist_check"
        : kind === "removed"
          ? "waitlist_removed"
          : "waitlist_confirmation",
    to: entry.email,
    subject: content.subject,
    ...renderEmail({
      heading: content.heading,
      paragraphs: [content.text],
      ...(url && content.action ? { action: { label: content.action, url } } : {}),
      footnote: w.footnote,
      language: entry.lang,
    }),
  };
}
