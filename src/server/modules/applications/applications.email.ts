import {
  type AdverseAction,
  APPLICATION_LINK_DAYS,
  type ApplicationOfferRecord,
  type ApplicationStatus,
  type DecisionReason,
  LEAD_PAINT_PAMPHLET_URL,
} from "#domain/applications";
import englishPage from "#domain/i18n/messages/en/apply.json";
import spanishPage from "#domain/i18n/messages/es/apply.json";
import type { Locale } from "#domain/locale";
import { site } from "#domain/site";
import { renderEmail } from "#server/mail/email-layout";
import type { QueuedMessage } from "#server/mail/mail-queue";

/**
 * An applicant's e-mails, in their language: the invitation to apply (and another adult's to
 * their own part), the application received, each change of its status (a decision resting on
 * a screening report carries the adverse-action notice of 15 U.S.C. 1681m), and the offer of the
 * home (with the lead-paint disclosure for a building before 1978).
 */

type Decided = Exclude<ApplicationStatus, "draft" | "submitted">;

const money = (amount: number, lang: Locale) =>
  new Intl.NumberFormat(lang === "es" ? "es-US" : "en-US", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  }).format(amount);

const words = {
  en: {
    inviteSubject: (place: string) => `Apply for ${place}`,
    inviteHeading: (name: string) => `Hello ${name}`,
    invite: (place: string) =>
      `The office invites you to apply for ${place}. The button opens your application: it is saved as you go, so you can finish it later from the same link. The link works for ${APPLICATION_LINK_DAYS} days.`,
    noFee:
      "Connecticut allows no application fee. The only charge before a lease may be a screening-report fee, at most the cap the state sets for the year, and you receive a copy of the report.",
    inviteAction: "Open your application",
    coSubject: (place: string) => `Your part of the application for ${place}`,
    coIntro: (first: string, place: string) =>
      `${first} listed you as an adult of the household applying for ${place}. Each adult fills in their own part and consents to the screening: this link is yours alone.`,
    receivedSubject: (place: string) => `Application received: ${place}`,
    receivedHeading: "We received your application",
    received: (place: string) =>
      `Thank you. Your application for ${place} is with the office. We will e-mail you at each step.`,
    statusSubject: (place: string) => `Your application for ${place}`,
    headings: {
      screening: "Your application is being screened",
      approved: "Your application is approved",
      denied: "A decision on your application",
      waitlisted: "You are on the waiting list",
      withdrawn: "Your application is withdrawn",
    } satisfies Record<Decided, string>,
    status: {
      screening: (place: string) =>
        `The office is reviewing your application for ${place}, with the screening report you consented to.`,
      approved: (place: string) =>
        `Good news: your application for ${place} is approved. The office will send you the offer of the home (the rent and the deposit) by e-mail.`,
      denied: (place: string) => `We are sorry: your application for ${place} was not approved.`,
      waitlisted: (place: string) =>
        `Your application for ${place} is on the waiting list. We will write to you if the home becomes available to you.`,
      withdrawn: (place: string) =>
        `Your application for ${place} is withdrawn. You are welcome to apply again.`,
    } satisfies Record<Decided, (place: string) => string>,
    reasons: {
      "screening-report": "The decision rests on information in a screening report (below).",
      income:
        "The household's income, counting only the share of the rent it pays itself, did not meet the home's requirement.",
      incomplete: "The application was not complete.",
      "unit-taken": "The home is no longer available.",
      other: "",
    } satisfies Record<DecisionReason, string>,
    conditions: (text: string) => `The approval comes with conditions: ${text}`,
    note: (text: string) => `A word from the office: ${text}`,
    noticeHeading: "Notice of adverse action",
    notice: (a: AdverseAction) => [
      `This decision was based in whole or in part on information in a consumer report from ${a.agencyName}, ${a.agencyAddress}, telephone ${a.agencyPhone}.`,
      `${a.agencyName} did not make this decision and cannot tell you the specific reasons for it.`,
      `You have the right to a free copy of your report from ${a.agencyName} if you ask for it within 60 days of receiving this notice, and the right to dispute with ${a.agencyName} the accuracy or completeness of any information in the report.`,
    ],
    score: (s: NonNullable<AdverseAction["score"]>) =>
      `Your credit score: ${s.value}, on a scale from ${s.low} to ${s.high}${s.scoredOn ? `, as of ${s.scoredOn}` : ""}. The key factors that adversely affected it: ${s.factors.join("; ")}.`,
    offerSubject: (place: string) => `The offer of your new home: ${place}`,
    offerHeading: "The home is yours if you accept",
    offer: (place: string, offer: ApplicationOfferRecord, lang: Locale) =>
      `The office offers you ${place}: rent of ${money(offer.rent, lang)} a month and a security deposit of ${money(offer.deposit, lang)}${offer.charges.map((c) => `, ${c.kind.replace(/_/g, " ")} ${money(c.amount, lang)}`).join("")}. Nothing else may be charged before the lease.`,
    pamphlet: `Read the EPA's pamphlet "Protect Your Family From Lead in Your Home": ${LEAD_PAINT_PAMPHLET_URL}. Accepting the offer confirms that you received this disclosure and the pamphlet.`,
    offerAction: "See and accept the offer",
    footnote: `Questions? Reply to this e-mail or call ${site.phone}.`,
    ignore: "If you did not ask to apply, ignore this e-mail.",
  },
  es: {
    inviteSubject: (place: string) => `Solicite ${place}`,
    inviteHeading: (name: string) => `Hola, ${name}`,
    invite: (place: string) =>
      `La oficina le invita a presentar una solicitud para ${place}. El botón abre su solicitud: se guarda a medida que avanza, así que puede terminarla más tarde desde el mismo enlace. El enlace funciona durante ${APPLICATION_LINK_DAYS} días.`,
    noFee:
      "Connecticut no permite cobrar por la solicitud. El único cargo antes del contrato puede ser una tarifa por el informe de evaluación, como máximo el límite que fija el estado para el año, y usted recibe una copia del informe.",
    inviteAction: "Abrir su solicitud",
    coSubject: (place: string) => `Su parte de la solicitud para ${place}`,
    coIntro: (first: string, place: string) =>
      `${first} le incluyó como adulto del hogar que solicita ${place}. Cada adulto completa su propia parte y autoriza la evaluación: este enlace es solo suyo.`,
    receivedSubject: (place: string) => `Solicitud recibida: ${place}`,
    receivedHeading: "Recibimos su solicitud",
    received: (place: string) =>
      `Gracias. Su solicitud para ${place} está en la oficina. Le escribiremos en cada paso.`,
    statusSubject: (place: string) => `Su solicitud para ${place}`,
    headings: {
      screening: "Estamos evaluando su solicitud",
      approved: "Su solicitud está aprobada",
      denied: "Una decisión sobre su solicitud",
      waitlisted: "Está en la lista de espera",
      withdrawn: "Su solicitud fue retirada",
    } satisfies Record<Decided, string>,
    status: {
      screening: (place: string) =>
        `La oficina está revisando su solicitud para ${place}, con el informe de evaluación que usted autorizó.`,
      approved: (place: string) =>
        `Buenas noticias: su solicitud para ${place} está aprobada. La oficina le enviará por correo la oferta de la vivienda (el alquiler y el depósito).`,
      denied: (place: string) => `Lo sentimos: su solicitud para ${place} no fue aprobada.`,
      waitlisted: (place: string) =>
        `Su solicitud para ${place} está en la lista de espera. Le escribiremos si la vivienda queda disponible para usted.`,
      withdrawn: (place: string) =>
        `Su solicitud para ${place} fue retirada. Puede volver a presentar una solicitud cuando quiera.`,
    } satisfies Record<Decided, (place: string) => string>,
    reasons: {
      "screening-report":
        "La decisión se basa en información de un informe de evaluación (vea abajo).",
      income:
        "Los ingresos del hogar, contando solo la parte del alquiler que paga el propio hogar, no alcanzaron lo que pide la vivienda.",
      incomplete: "La solicitud no estaba completa.",
      "unit-taken": "La vivienda ya no está disponible.",
      other: "",
    } satisfies Record<DecisionReason, string>,
    conditions: (text: string) => `La aprobación tiene condiciones: ${text}`,
    note: (text: string) => `Un mensaje de la oficina: ${text}`,
    noticeHeading: "Aviso de acción adversa",
    notice: (a: AdverseAction) => [
      `Esta decisión se basó en todo o en parte en información de un informe del consumidor de ${a.agencyName}, ${a.agencyAddress}, teléfono ${a.agencyPhone}.`,
      `${a.agencyName} no tomó esta decisión y no puede explicarle sus razones específicas.`,
      `Tiene derecho a una copia gratuita de su informe de ${a.agencyName} si la pide dentro de los 60 días siguientes a recibir este aviso, y derecho a disputar con ${a.agencyName} la exactitud o integridad de cualquier información del informe.`,
    ],
    score: (s: NonNullable<AdverseAction["score"]>) =>
      `Su puntaje de crédito: ${s.value}, en una escala de ${s.low} a ${s.high}${s.scoredOn ? `, a la fecha ${s.scoredOn}` : ""}. Los factores clave que lo afectaron negativamente: ${s.factors.join("; ")}.`,
    offerSubject: (place: string) => `La oferta de su nueva vivienda: ${place}`,
    offerHeading: "La vivienda es suya si acepta",
    offer: (place: string, offer: ApplicationOfferRecord, lang: Locale) =>
      `La oficina le ofrece ${place}: un alquiler de ${money(offer.rent, lang)} al mes y un depósito de seguridad de ${money(offer.deposit, lang)}${offer.charges.map((c) => `, ${c.kind.replace(/_/g, " ")} ${money(c.amount, lang)}`).join("")}. No se puede cobrar nada más antes del contrato.`,
    pamphlet: `Lea el folleto de la EPA "Proteja a su familia del plomo en su casa": ${LEAD_PAINT_PAMPHLET_URL}. Al aceptar la oferta confirma que recibió esta declaración y el folleto.`,
    offerAction: "Ver y aceptar la oferta",
    footnote: `¿Preguntas? Responda a este correo o llame al ${site.phone}.`,
    ignore: "Si usted no pidió presentar una solicitud, ignore este correo.",
  },
} satisfies Record<Locale, unknown>;

/** The disclosure's words are the application page's: one text, on the page and in the e-mail. */
const pageWords: Record<Locale, typeof englishPage> = { en: englishPage, es: spanishPage };
function leadDisclosure(lang: Locale, lead: NonNullable<ApplicationOfferRecord["leadPaint"]>) {
  const w = pageWords[lang];
  return [
    w["apply.offer.leadWarning"],
    lead.hazardsKnown
      ? w["apply.offer.hazards"].replace("{text}", lead.hazards || "-")
      : w["apply.offer.noHazards"],
    lead.reportsAvailable
      ? w["apply.offer.reports"].replace("{text}", lead.reports || "-")
      : w["apply.offer.noReports"],
  ];
}

type To = { to: string; name: string; lang: Locale };

export function inviteEmail(input: To & { place: string; url: string }): QueuedMessage {
  const w = words[input.lang];
  return {
    kind: "application_invite",
    to: input.to,
    subject: w.inviteSubject(input.place),
    ...renderEmail({
      heading: w.inviteHeading(input.name),
      paragraphs: [w.invite(input.place), w.noFee],
      action: { label: w.inviteAction, url: input.url },
      footnote: w.ignore,
      language: input.lang,
    }),
  };
}

export function coApplicantEmail(
  input: To & { place: string; url: string; first: string },
): QueuedMessage {
  const w = words[input.lang];
  return {
    kind: "application_co_applicant",
    to: input.to,
    subject: w.coSubject(input.place),
    ...renderEmail({
      heading: w.inviteHeading(input.name),
      paragraphs: [w.coIntro(input.first, input.place), w.noFee],
      action: { label: w.inviteAction, url: input.url },
      footnote: w.ignore,
      language: input.lang,
    }),
  };
}

export function receivedEmail(input: To & { place: string }): QueuedMessage {
  const w = words[input.lang];
  return {
    kind: "application_received",
    to: input.to,
    subject: w.receivedSubject(input.place),
    ...renderEmail({
      heading: w.receivedHeading,
      paragraphs: [w.received(input.place)],
      footnote: w.footnote,
      language: input.lang,
    }),
  };
}

/** The adverse-action notice's paragraphs in one language: sent, and kept as it was sent. */
export function adverseActionNotice(facts: AdverseAction, lang: Locale): string[] {
  const w = words[lang];
  return [w.noticeHeading, ...w.notice(facts), ...(facts.score ? [w.score(facts.score)] : [])];
}

export function statusEmail(
  input: To & {
    place: string;
    status: Decided;
    reason: DecisionReason | null;
    conditions: string;
    note: string;
    notice: string[] | null;
  },
): QueuedMessage {
  const w = words[input.lang];
  const paragraphs = [w.status[input.status](input.place)];
  const reason = input.reason ? w.reasons[input.reason] : "";
  if (reason) paragraphs.push(reason);
  if (input.conditions) paragraphs.push(w.conditions(input.conditions));
  if (input.note) paragraphs.push(w.note(input.note));
  if (input.notice) paragraphs.push(...input.notice);
  return {
    kind: "application_status",
    to: input.to,
    subject: w.statusSubject(input.place),
    ...renderEmail({
      heading: w.headings[input.status],
      paragraphs,
      footnote: w.footnote,
      language: input.lang,
    }),
  };
}

export function offerEmail(
  input: To & { place: string; offer: ApplicationOfferRecord; url: string },
): QueuedMessage {
  const w = words[input.lang];
  const { leadPaint } = input.offer;
  const disclosure = leadPaint ? [...leadDisclosure(input.lang, leadPaint), w.pamphlet] : [];
  return {
    kind: "application_offer",
    to: input.to,
    subject: w.offerSubject(input.place),
    ...renderEmail({
      heading: w.offerHeading,
      paragraphs: [w.offer(input.place, input.offer, input.lang), ...disclosure],
      action: { label: w.offerAction, url: input.url },
      footnote: w.footnote,
      language: input.lang,
    }),
  };
}
