import { intlLocales } from "#domain/locale";
import { site } from "#domain/site";
import { renderEmail } from "#server/mail/email-layout";
import type { MailAttachment, MailMessage } from "#server/mail/mailer";

/**
 * A renter's showing e-mails, in the language they booked in: the confirmation (with the
 * calendar invitation), a request waiting for the office, the reminders a day and two hours
 * before, a request let go unconfirmed, and the cancellation (with the invitation's
 * cancellation). Each carries the link that cancels the showing while it can be.
 */

type Lang = "en" | "es";
type Showing = { building: string; unit: string; address: string; start: Date };

/** "Saturday, June 5, 2027 at 10:00 AM", office time, in the renter's language. */
export const showingTime = (start: Date, lang: Lang) =>
  new Intl.DateTimeFormat(intlLocales[lang], {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "America/New_York",
  }).format(start);

const words = {
  en: {
    where: (s: Showing) => `${s.building}, Unit ${s.unit}: ${s.address}`,
    bookedSubject: (s: Showing) => `Your showing: ${s.building}, Unit ${s.unit}`,
    bookedHeading: "Your showing is booked",
    bookedIntro: (time: string) =>
      `We will see you on ${time} (Connecticut time). The invitation attached adds it to your calendar.`,
    requestedSubject: (s: Showing) => `Showing requested: ${s.building}, Unit ${s.unit}`,
    requestedHeading: "Your showing request is in",
    requestedIntro: (time: string) =>
      `You asked to see the home on ${time} (Connecticut time). The office confirms within 24 hours; until then the time is held for you.`,
    cancelledSubject: (s: Showing) => `Showing cancelled: ${s.building}, Unit ${s.unit}`,
    cancelledHeading: "Your showing is cancelled",
    cancelledIntro: (time: string) =>
      `The showing on ${time} is cancelled. You are welcome to book another time on the home's page.`,
    reminderSubject: (s: Showing) => `Reminder: your showing at ${s.building}, Unit ${s.unit}`,
    reminderDayHeading: "Your showing is tomorrow",
    reminderHoursHeading: "Your showing is soon",
    reminderIntro: (time: string) =>
      `We will see you on ${time} (Connecticut time). If you cannot come, please cancel so that someone else can have the time.`,
    releasedSubject: (s: Showing) => `Showing not confirmed: ${s.building}, Unit ${s.unit}`,
    releasedHeading: "We could not confirm your showing",
    releasedIntro: (time: string) =>
      `The office did not confirm the showing you asked for on ${time} in time, so it was let go. We are sorry: please choose another time on the home's page.`,
    movedSubject: (s: Showing) => `New time for your showing: ${s.building}, Unit ${s.unit}`,
    movedHeading: "Your showing has a new time",
    movedIntro: (time: string) =>
      `Your showing is now on ${time} (Connecticut time). Use the link in this e-mail from now on: the earlier one no longer works.`,
    declinedSubject: (s: Showing) => `Showing request declined: ${s.building}, Unit ${s.unit}`,
    declinedHeading: "We cannot show the home at that time",
    declinedIntro: (time: string) =>
      `We are sorry: the office cannot show the home on ${time}. Please choose another time on the home's page, or reply to this e-mail.`,
    applicationSubject: (s: Showing) => `Apply for ${s.building}, Unit ${s.unit}`,
    applicationHeading: "Thank you for visiting",
    applicationIntro: () =>
      "Thank you for coming to see the home. If you would like to live there, the application is one click away.",
    apply: "Apply now",
    cancel: "Cancel this showing",
    footnote: `Questions? Reply to this e-mail or call ${site.phone}.`,
    summary: (s: Showing) => `Showing: ${s.building}, Unit ${s.unit}`,
  },
  es: {
    where: (s: Showing) => `${s.building}, unidad ${s.unit}: ${s.address}`,
    bookedSubject: (s: Showing) => `Su visita: ${s.building}, unidad ${s.unit}`,
    bookedHeading: "Su visita está reservada",
    bookedIntro: (time: string) =>
      `Le esperamos el ${time} (hora de Connecticut). La invitación adjunta la agrega a su calendario.`,
    requestedSubject: (s: Showing) => `Visita solicitada: ${s.building}, unidad ${s.unit}`,
    requestedHeading: "Recibimos su solicitud de visita",
    requestedIntro: (time: string) =>
      `Pidió ver la vivienda el ${time} (hora de Connecticut). La oficina la confirma en un plazo de 24 horas; mientras tanto, el horario queda reservado para usted.`,
    cancelledSubject: (s: Showing) => `Visita cancelada: ${s.building}, unidad ${s.unit}`,
    cancelledHeading: "Su visita está cancelada",
    cancelledIntro: (time: string) =>
      `La visita del ${time} está cancelada. Puede reservar otro horario en la página de la vivienda.`,
    reminderSubject: (s: Showing) => `Recordatorio: su visita en ${s.building}, unidad ${s.unit}`,
    reminderDayHeading: "Su visita es mañana",
    reminderHoursHeading: "Su visita es pronto",
    reminderIntro: (time: string) =>
      `Le esperamos el ${time} (hora de Connecticut). Si no puede venir, cancele la visita para que otra persona pueda usar el horario.`,
    releasedSubject: (s: Showing) => `Visita no confirmada: ${s.building}, unidad ${s.unit}`,
    releasedHeading: "No pudimos confirmar su visita",
    releasedIntro: (time: string) =>
      `La oficina no confirmó a tiempo la visita que pidió para el ${time}, así que se liberó el horario. Lo sentimos: elija otro horario en la página de la vivienda.`,
    movedSubject: (s: Showing) => `Nuevo horario de su visita: ${s.building}, unidad ${s.unit}`,
    movedHeading: "Su visita tiene un nuevo horario",
    movedIntro: (time: string) =>
      `Su visita ahora es el ${time} (hora de Connecticut). Use el enlace de este correo de ahora en adelante: el anterior ya no funciona.`,
    declinedSubject: (s: Showing) =>
      `Solicitud de visita rechazada: ${s.building}, unidad ${s.unit}`,
    declinedHeading: "No podemos mostrar la vivienda en ese horario",
    declinedIntro: (time: string) =>
      `Lo sentimos: la oficina no puede mostrar la vivienda el ${time}. Elija otro horario en la página de la vivienda o responda a este correo.`,
    applicationSubject: (s: Showing) => `Solicite ${s.building}, unidad ${s.unit}`,
    applicationHeading: "Gracias por su visita",
    applicationIntro: () =>
      "Gracias por venir a ver la vivienda. Si desea vivir allí, la solicitud está a un clic.",
    apply: "Solicitar ahora",
    cancel: "Cancelar esta visita",
    footnote: `¿Preguntas? Responda a este correo o llame al ${site.phone}.`,
    summary: (s: Showing) => `Visita: ${s.building}, unidad ${s.unit}`,
  },
} satisfies Record<Lang, unknown>;

export const inviteSummary = (showing: Showing, lang: Lang) => words[lang].summary(showing);
export const inviteLocation = (showing: Showing, lang: Lang) => words[lang].where(showing);

export function showingEmail(input: {
  kind:
    | "booked"
    | "requested"
    | "cancelled"
    | "reminderDay"
    | "reminderHours"
    | "released"
    | "declined"
    | "moved"
    | "application";
  to: string;
  lang: Lang;
  showing: Showing;
  cancelUrl: string;
  invite?: MailAttachment;
  /** The application's address (the follow-up after a showing). */
  applyUrl?: string;
}): MailMessage {
  const w = words[input.lang];
  const time = showingTime(input.showing.start, input.lang);
  const about = input.showing;
  const texts: Record<typeof input.kind, [string, string, string]> = {
    booked: [w.bookedSubject(about), w.bookedHeading, w.bookedIntro(time)],
    requested: [w.requestedSubject(about), w.requestedHeading, w.requestedIntro(time)],
    cancelled: [w.cancelledSubject(about), w.cancelledHeading, w.cancelledIntro(time)],
    reminderDay: [w.reminderSubject(about), w.reminderDayHeading, w.reminderIntro(time)],
    reminderHours: [w.reminderSubject(about), w.reminderHoursHeading, w.reminderIntro(time)],
    released: [w.releasedSubject(about), w.releasedHeading, w.releasedIntro(time)],
    declined: [w.declinedSubject(about), w.declinedHeading, w.declinedIntro(time)],
    moved: [w.movedSubject(about), w.movedHeading, w.movedIntro(time)],
    application: [w.applicationSubject(about), w.applicationHeading, w.applicationIntro()],
  };
  const [subject, heading, intro] = texts[input.kind];
  // Only a showing still ahead can be cancelled; the follow-up's action is the application.
  const cancellable = ["booked", "requested", "reminderDay", "reminderHours", "moved"].includes(
    input.kind,
  );
  const action =
    input.kind === "application" && input.applyUrl
      ? { label: w.apply, url: input.applyUrl }
      : cancellable
        ? { label: w.cancel, url: input.cancelUrl }
        : undefined;
  const { html, text } = renderEmail({
    heading,
    paragraphs: [intro, w.where(input.showing)],
    ...(action ? { action } : {}),
    footnote: w.footnote,
    language: input.lang,
  });
  return {
    to: input.to,
    subject,
    html,
    text,
    ...(input.invite ? { attachments: [input.invite] } : {}),
  };
}

/**
 * The notice to a tenant at home before strangers visit (CGS 47a-16 asks landlords for
 * reasonable notice before entering): when, and that the office shows the home; or that a
 * showing they were told of is off.
 */
const tenantWords = {
  en: {
    subject: (s: Showing) => `Notice: a showing of your home, ${s.building}, Unit ${s.unit}`,
    heading: "A showing of your home",
    intro: (time: string) =>
      `The office will show your home to a prospective renter on ${time} (Connecticut time). A member of staff will be there. If the time does not suit you, please call or reply to this e-mail.`,
    offSubject: (s: Showing) => `Showing cancelled: ${s.building}, Unit ${s.unit}`,
    offHeading: "The showing of your home is off",
    offIntro: (time: string) => `The showing of your home on ${time} will not take place.`,
    portal: "Open the tenant portal",
    title: "A showing of your home",
    offTitle: "Showing of your home cancelled",
  },
  es: {
    subject: (s: Showing) => `Aviso: una visita a su vivienda, ${s.building}, unidad ${s.unit}`,
    heading: "Una visita a su vivienda",
    intro: (time: string) =>
      `La oficina mostrará su vivienda a un posible inquilino el ${time} (hora de Connecticut). Un miembro del personal estará presente. Si el horario no le conviene, llame o responda a este correo.`,
    offSubject: (s: Showing) => `Visita cancelada: ${s.building}, unidad ${s.unit}`,
    offHeading: "La visita a su vivienda se canceló",
    offIntro: (time: string) => `La visita a su vivienda del ${time} no se realizará.`,
    portal: "Abrir el portal de inquilinos",
    title: "Una visita a su vivienda",
    offTitle: "Visita a su vivienda cancelada",
  },
} satisfies Record<Lang, unknown>;

export function tenantNotice(input: {
  kind: "scheduled" | "off";
  to: string;
  lang: Lang;
  showing: Showing;
  portalUrl: string;
}): { mail: MailMessage; title: string; message: string; portalLabel: string } {
  const w = tenantWords[input.lang];
  const time = showingTime(input.showing.start, input.lang);
  const scheduled = input.kind === "scheduled";
  const intro = scheduled ? w.intro(time) : w.offIntro(time);
  const { html, text } = renderEmail({
    heading: scheduled ? w.heading : w.offHeading,
    paragraphs: [intro],
    action: { label: w.portal, url: input.portalUrl },
    footnote: words[input.lang].footnote,
    language: input.lang,
  });
  return {
    mail: {
      to: input.to,
      subject: scheduled ? w.subject(input.showing) : w.offSubject(input.showing),
      html,
      text,
    },
    title: scheduled ? w.title : w.offTitle,
    message: intro,
    portalLabel: w.portal,
  };
}
