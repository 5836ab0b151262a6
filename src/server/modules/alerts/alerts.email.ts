import {
  ALERT_CONFIRM_DAYS,
  ALERTS_PER_ADDRESS,
  type AlertCriteria,
  type AlertFrequency,
  type AlertLanguage,
} from "#domain/alerts";
import type { Unit } from "#domain/listings";
import { intlLocales, localizedPath } from "#domain/locale";
import { site } from "#domain/site";
import { type EmailListing, renderEmail } from "#server/mail/email-layout";
import type { MailMessage } from "#server/mail/mailer";
import { criteriaText, dollars, frequencyText } from "./alert-words";

/**
 * The e-mails of listing alerts, each in the subscriber's language: the confirmation link, an
 * alert (one or more homes that just opened), the daily summary, and the notice that an address
 * already has its most alerts. Every message after the confirmation carries the manage link and
 * one-click unsubscribe (RFC 8058: `List-Unsubscribe` with the HTTPS link, and
 * `List-Unsubscribe-Post`, which a mail client answers with a POST to it).
 */

export type AlertLinks = {
  /** The manage page. */
  manageUrl: string;
  /** POST here unsubscribes at once (the mail client's button). */
  unsubscribeUrl: string;
};

type Words = {
  confirmSubject: string;
  confirmHeading: string;
  confirmIntro: (criteria: string, frequency: string) => string;
  confirmAction: string;
  confirmFootnote: string;
  alertSubject: (count: number, first: string) => string;
  alertHeading: (count: number) => string;
  digestSubject: (count: number) => string;
  digestHeading: (count: number) => string;
  matched: (criteria: string) => string;
  unitTitle: (building: string, unit: string) => string;
  perMonth: (rent: string) => string;
  bedrooms: (n: number) => string;
  bathrooms: (n: number) => string;
  availableNow: string;
  availableFrom: (date: string) => string;
  viewHome: string;
  manage: string;
  unsubscribe: string;
  why: string;
  tooManySubject: string;
  tooManyHeading: string;
  tooMany: string;
  tooManyAction: string;
};

const english: Words = {
  confirmSubject: `${site.name}: confirm your listing alerts`,
  confirmHeading: "Confirm your listing alerts",
  confirmIntro: (criteria, frequency) =>
    `You asked to hear about homes that match: ${criteria}. We will e-mail you ${frequency}. Please confirm that this address is yours.`,
  confirmAction: "Confirm my alerts",
  confirmFootnote: `This link works for ${ALERT_CONFIRM_DAYS} days. If you did not ask for alerts, ignore this e-mail: nothing will be sent.`,
  alertSubject: (count, first) =>
    count === 1 ? `New home for you: ${first}` : `${count} new homes for you`,
  alertHeading: (count) =>
    count === 1 ? "A new home matches your alert" : "New homes match your alert",
  digestSubject: (count) =>
    `Today's new homes: ${count} match${count === 1 ? "es" : ""} your alert`,
  digestHeading: (count) =>
    count === 1
      ? "One new home matched your alert today"
      : `${count} new homes matched your alert today`,
  matched: (criteria) => `Your alert: ${criteria}.`,
  unitTitle: (building, unit) => `${building}, Unit ${unit}`,
  perMonth: (rent) => `${rent}/month`,
  bedrooms: (n) => (n === 0 ? "Studio" : `${n} bedroom${n === 1 ? "" : "s"}`),
  bathrooms: (n) => `${n} bath${n === 1 ? "" : "s"}`,
  availableNow: "Available now",
  availableFrom: (date) => `Available from ${date}`,
  viewHome: "See this home",
  manage: "Manage your alerts",
  unsubscribe: "Unsubscribe",
  why: `You receive this because you asked ${site.name} for listing alerts and confirmed them.`,
  tooManySubject: `${site.name}: your listing alerts`,
  tooManyHeading: "You already have the most alerts",
  tooMany: `Someone, probably you, asked for another listing alert for this address, which already has ${ALERTS_PER_ADDRESS} active alerts. Change or end one of them, then ask again.`,
  tooManyAction: "Manage this alert",
};

const spanish: Words = {
  confirmSubject: `${site.name}: confirme sus alertas de viviendas`,
  confirmHeading: "Confirme sus alertas de viviendas",
  confirmIntro: (criteria, frequency) =>
    `Pidió recibir alertas de viviendas que coincidan con: ${criteria}. Le escribiremos ${frequency}. Confirme que esta dirección es suya.`,
  confirmAction: "Confirmar mis alertas",
  confirmFootnote: `Este enlace es válido durante ${ALERT_CONFIRM_DAYS} días. Si usted no pidió alertas, ignore este correo: no le enviaremos nada.`,
  alertSubject: (count, first) =>
    count === 1 ? `Nueva vivienda para usted: ${first}` : `${count} viviendas nuevas para usted`,
  alertHeading: (count) =>
    count === 1
      ? "Una vivienda nueva coincide con su alerta"
      : "Viviendas nuevas coinciden con su alerta",
  digestSubject: (count) =>
    count === 1
      ? "Hoy, 1 vivienda nueva coincide con su alerta"
      : `Hoy, ${count} viviendas nuevas coinciden con su alerta`,
  digestHeading: (count) =>
    count === 1
      ? "Hoy, una vivienda nueva coincidió con su alerta"
      : `Hoy, ${count} viviendas nuevas coincidieron con su alerta`,
  matched: (criteria) => `Su alerta: ${criteria}.`,
  unitTitle: (building, unit) => `${building}, unidad ${unit}`,
  perMonth: (rent) => `${rent} al mes`,
  bedrooms: (n) => (n === 0 ? "Estudio" : `${n} dormitorio${n === 1 ? "" : "s"}`),
  bathrooms: (n) => `${new Intl.NumberFormat("es-US").format(n)} baño${n === 1 ? "" : "s"}`,
  availableNow: "Disponible ahora",
  availableFrom: (date) => `Disponible desde el ${date}`,
  viewHome: "Ver esta vivienda",
  manage: "Administrar sus alertas",
  unsubscribe: "Cancelar la suscripción",
  why: `Recibe este correo porque pidió alertas de viviendas a ${site.name} y las confirmó.`,
  tooManySubject: `${site.name}: sus alertas de viviendas`,
  tooManyHeading: "Ya tiene el máximo de alertas",
  tooMany: `Alguien, probablemente usted, pidió otra alerta de viviendas para esta dirección, que ya tiene ${ALERTS_PER_ADDRESS} alertas activas. Cambie o cancele una de ellas y vuelva a pedirla.`,
  tooManyAction: "Administrar esta alerta",
};

const wordsOf: Record<AlertLanguage, Words> = { en: english, es: spanish };

/** "November 30, 2026", "30 de noviembre de 2026": a yyyy-MM-dd day, as it is written. */
const day = (isoDay: string, lang: AlertLanguage) =>
  new Intl.DateTimeFormat(intlLocales[lang], {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(new Date(`${isoDay}T00:00:00Z`));

function listing(unit: Unit, publicUrl: string, lang: AlertLanguage, today: string): EmailListing {
  const w = wordsOf[lang];
  const photo = unit.photos[0];
  const available =
    unit.availableFrom === null || unit.availableFrom <= today
      ? w.availableNow
      : w.availableFrom(day(unit.availableFrom, lang));
  return {
    title: w.unitTitle(unit.building.name, unit.unitNumber),
    ...(photo ? { imageUrl: new URL(photo.url, publicUrl).href, imageAlt: photo.alt } : {}),
    lines: [
      w.perMonth(dollars(unit.rent, lang)),
      `${w.bedrooms(unit.bedrooms)} · ${w.bathrooms(unit.bathrooms)}`,
      `${unit.address}, ${unit.city}, ${unit.state} ${unit.zipCode}`,
      available,
    ],
    url: new URL(localizedPath(`/properties/${unit.id}`, lang), publicUrl).href,
    linkLabel: w.viewHome,
  };
}

const listHeaders = (links: AlertLinks) => ({
  "List-Unsubscribe": `<${links.unsubscribeUrl}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

export function confirmationEmail(input: {
  to: string;
  lang: AlertLanguage;
  criteria: AlertCriteria;
  frequency: AlertFrequency;
  confirmUrl: string;
}): MailMessage {
  const w = wordsOf[input.lang];
  const { html, text } = renderEmail({
    heading: w.confirmHeading,
    paragraphs: [
      w.confirmIntro(
        criteriaText(input.criteria, input.lang),
        frequencyText(input.frequency, input.lang),
      ),
    ],
    action: { label: w.confirmAction, url: input.confirmUrl },
    footnote: w.confirmFootnote,
    language: input.lang,
  });
  return { to: input.to, subject: w.confirmSubject, html, text };
}

/** An alert: the homes that just opened (usually one), or the day's summary. */
export function alertEmail(input: {
  to: string;
  lang: AlertLanguage;
  criteria: AlertCriteria;
  units: Unit[];
  kind: "instant" | "digest";
  links: AlertLinks;
  publicUrl: string;
  today: string;
}): MailMessage {
  const { lang, units, links } = input;
  const w = wordsOf[lang];
  const count = units.length;
  const subject =
    input.kind === "digest"
      ? w.digestSubject(count)
      : w.alertSubject(count, w.unitTitle(units[0]!.building.name, units[0]!.unitNumber));
  const { html, text } = renderEmail({
    heading: input.kind === "digest" ? w.digestHeading(count) : w.alertHeading(count),
    paragraphs: [w.matched(criteriaText(input.criteria, lang))],
    listings: units.map((unit) => listing(unit, input.publicUrl, lang, input.today)),
    footnote: w.why,
    links: [
      { label: w.manage, url: links.manageUrl },
      { label: w.unsubscribe, url: links.manageUrl },
    ],
    language: lang,
  });
  return { to: input.to, subject, html, text, headers: listHeaders(links) };
}

/** Sent instead of a confirmation when the address already has its most active alerts. */
export function tooManyEmail(input: {
  to: string;
  lang: AlertLanguage;
  manageUrls: string[];
}): MailMessage {
  const w = wordsOf[input.lang];
  const { html, text } = renderEmail({
    heading: w.tooManyHeading,
    paragraphs: [w.tooMany],
    links: input.manageUrls.map((url, i) => ({ label: `${w.tooManyAction} ${i + 1}`, url })),
    language: input.lang,
  });
  return { to: input.to, subject: w.tooManySubject, html, text };
}
