import spanishPortal from "#domain/i18n/messages/es/portal.json" with { type: "json" };
import { unitPlace } from "#domain/i18n/unit-place";
import type { Locale } from "#domain/locale";
import {
  type MaintenanceRequest,
  type MaintenanceStatus,
  maintenanceCategoryLabels,
  maintenanceStatuses,
  maintenanceStatusLabels,
  maintenanceUrgencyLabels,
  type VisitWindow,
  visitWindowLabels,
  visitWindows,
} from "#domain/maintenance";
import { site } from "#domain/site";
import { renderEmail } from "#server/mail/email-layout";
import type { QueuedMessage } from "#server/mail/mail-queue";
import { siteWords } from "#server/mail/site-words";

/** The office's and the tenant's e-mails about a maintenance request. */

const placeOf = (request: MaintenanceRequest, lang: Locale = "en") =>
  unitPlace(request.property.name, request.property.unit, lang);

/** To the office at once; an emergency says so first in the subject. */
export function newRequestNotice(request: MaintenanceRequest, dashboardUrl: string): QueuedMessage {
  const emergency = request.urgency === "emergency";
  const subject = `${emergency ? "EMERGENCY: " : ""}Maintenance request: ${request.title} (${placeOf(request)})`;
  return {
    kind: "maintenance_request_notice",
    to: site.email,
    replyTo: request.tenant.email,
    subject: `[${site.name}] ${subject}`,
    ...renderEmail({
      heading: `${emergency ? "Emergency: " : ""}${request.title}`,
      paragraphs: [
        `From ${request.tenant.name} <${request.tenant.email}>, ${placeOf(request)}.`,
        `${maintenanceCategoryLabels[request.category]}, ${maintenanceUrgencyLabels[request.urgency].toLowerCase()}. ${
          request.permissionToEnter
            ? "The office may enter when the tenant is not home."
            : "The tenant wants to be home for the visit."
        }${request.preferredTimes ? ` Preferred times: ${request.preferredTimes}.` : ""}`,
        request.description,
        ...(request.photos.length > 0
          ? [
              `${request.photos.length} photo${request.photos.length === 1 ? "" : "s"} attached in the dashboard.`,
            ]
          : []),
      ],
      action: { label: "Open in the dashboard", url: dashboardUrl },
      footnote: "Reply to this e-mail to answer the tenant directly.",
    }),
  };
}

/** To the office: the tenant wrote on a request. */
export function tenantCommentNotice(
  request: MaintenanceRequest,
  body: string,
  dashboardUrl: string,
): QueuedMessage {
  return {
    kind: "maintenance_update",
    to: site.email,
    replyTo: request.tenant.email,
    subject: `[${site.name}] ${request.tenant.name} wrote on "${request.title}" (${placeOf(request)})`,
    ...renderEmail({
      heading: `New comment on "${request.title}"`,
      paragraphs: [`${request.tenant.name} wrote:`, body],
      action: { label: "Open in the dashboard", url: dashboardUrl },
    }),
  };
}

export type TenantNews = { kind: "status" } | { kind: "comment"; body: string };

/**
 * The statuses and visit windows as the Spanish portal names them: read from the portal's own
 * catalogue, so that an e-mail and the page it opens say the same words.
 */
const portalEs = siteWords("es", spanishPortal);
const spanishStatuses = Object.fromEntries(
  maintenanceStatuses.map((status) => [status, portalEs.t(`portal.status.${status}`)]),
) as Record<MaintenanceStatus, string>;
const spanishWindows = Object.fromEntries(
  visitWindows.map((window) => [window, portalEs.t(`portal.window.${window}`)]),
) as Record<VisitWindow, string>;

/**
 * The tenant's side, in the tenant's language (English or Spanish): the e-mail and the portal
 * notification say the same.
 */
const tenantWords = {
  en: {
    replied: (title: string) => `The office replied about "${title}"`,
    status: (title: string, status: MaintenanceStatus) =>
      `Your request "${title}" is ${maintenanceStatusLabels[status].toLowerCase()}`,
    scheduled: (visit: string) => `A visit is scheduled for ${visit}.`,
    in_progress: "The work has started.",
    completed: "The work is done. If the problem is back, please open a new request.",
    cancelled:
      "The request is cancelled. If you still need help, please open a new request or write to the office.",
    submitted: "The office received your request.",
    officeWrote: "The office wrote:",
    request: (title: string, place: string) => `Request: ${title} (${place}).`,
    action: "Open the tenant portal",
    footnote:
      "You get these e-mails because of your notification settings; change them at any time in the portal's settings.",
    dateLocale: "en-US",
    windows: visitWindowLabels,
  },
  es: {
    replied: (title: string) => `La oficina respondió a su solicitud "${title}"`,
    status: (title: string, status: MaintenanceStatus) =>
      `Estado de su solicitud "${title}": ${spanishStatuses[status]}`,
    scheduled: (visit: string) => `Hay una visita programada para el ${visit}.`,
    in_progress: "El trabajo ha comenzado.",
    completed: "El trabajo se terminó. Si el problema vuelve a aparecer, abra una nueva solicitud.",
    cancelled:
      "Se canceló la solicitud. Si todavía necesita ayuda, abra una nueva solicitud o escriba a la oficina.",
    submitted: "La oficina recibió su solicitud.",
    officeWrote: "La oficina escribió:",
    request: (title: string, place: string) => `Solicitud: ${title} (${place}).`,
    action: "Abrir el portal de inquilinos",
    footnote:
      "Recibe estos correos según sus preferencias de notificaciones; puede cambiarlas cuando quiera en el portal.",
    dateLocale: "es-US",
    windows: spanishWindows,
  },
} satisfies Record<Locale, unknown>;

/**
 * "Tuesday, December 1, 2026, 8 AM to 12 PM" ("martes, 1 de diciembre de 2026, de 8 a. m. a
 * 12 p. m."): a visit as the tenant reads it.
 */
export function visitText(
  request: Pick<MaintenanceRequest, "scheduledFor" | "window">,
  lang: Locale = "en",
): string {
  if (!request.scheduledFor) return "";
  const words = tenantWords[lang];
  const day = new Date(`${request.scheduledFor}T12:00:00Z`).toLocaleDateString(words.dateLocale, {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  return request.window ? `${day}, ${words.windows[request.window]}` : day;
}

/** The portal notification's link, in the tenant's language. */
export const tenantNotificationAction: Record<Locale, string> = {
  en: "Open the portal",
  es: "Abrir el portal",
};

/** What the tenant is told, in a few words: the notification's title and the e-mail's heading. */
export function newsTitle(request: MaintenanceRequest, news: TenantNews, lang: Locale): string {
  const words = tenantWords[lang];
  return news.kind === "comment"
    ? words.replied(request.title)
    : words.status(request.title, request.status);
}

export function newsText(request: MaintenanceRequest, news: TenantNews, lang: Locale): string {
  if (news.kind === "comment") return news.body;
  const words = tenantWords[lang];
  return request.status === "scheduled"
    ? words.scheduled(visitText(request, lang))
    : words[request.status];
}

/** To the tenant: a status change or the office's comment. */
export function tenantUpdateEmail(
  request: MaintenanceRequest,
  news: TenantNews,
  portalUrl: string,
  lang: Locale,
): QueuedMessage {
  const words = tenantWords[lang];
  return {
    kind: "maintenance_update",
    to: request.tenant.email,
    subject: `${site.name}: ${newsTitle(request, news, lang)}`,
    ...renderEmail({
      heading: newsTitle(request, news, lang),
      paragraphs: [
        ...(news.kind === "comment" ? [words.officeWrote] : []),
        newsText(request, news, lang),
        words.request(request.title, placeOf(request, lang)),
      ],
      action: { label: words.action, url: portalUrl },
      footnote: words.footnote,
      language: lang,
    }),
  };
}
