import {
  type MaintenanceRequest,
  maintenanceCategoryLabels,
  maintenanceStatusLabels,
  maintenanceUrgencyLabels,
  visitWindowLabels,
} from "#domain/maintenance";
import { site } from "#domain/site";
import { renderEmail } from "#server/mail/email-layout";
import type { QueuedMessage } from "#server/mail/mail-queue";

/** The office's and the tenant's e-mails about a maintenance request. */

const placeOf = (request: MaintenanceRequest) =>
  `${request.property.name}, unit ${request.property.unit}`;

/** "Tuesday, December 1, 2026, 8 AM to 12 PM": a visit as the tenant reads it. */
export function visitText(request: Pick<MaintenanceRequest, "scheduledFor" | "window">): string {
  if (!request.scheduledFor) return "";
  const day = new Date(`${request.scheduledFor}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  return request.window ? `${day}, ${visitWindowLabels[request.window]}` : day;
}

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

/** What the tenant is told, in a few words: the notification's title and the e-mail's heading. */
export function newsTitle(request: MaintenanceRequest, news: TenantNews): string {
  if (news.kind === "comment") return `The office replied about "${request.title}"`;
  const status = maintenanceStatusLabels[request.status].toLowerCase();
  return `Your request "${request.title}" is ${status}`;
}

export function newsText(request: MaintenanceRequest, news: TenantNews): string {
  if (news.kind === "comment") return news.body;
  switch (request.status) {
    case "scheduled":
      return `A visit is scheduled for ${visitText(request)}.`;
    case "in_progress":
      return "The work has started.";
    case "completed":
      return "The work is done. If the problem is back, please open a new request.";
    case "cancelled":
      return "The request is cancelled. If you still need help, please open a new request or write to the office.";
    default:
      return "The office received your request.";
  }
}

/** To the tenant: a status change or the office's comment. */
export function tenantUpdateEmail(
  request: MaintenanceRequest,
  news: TenantNews,
  portalUrl: string,
): QueuedMessage {
  return {
    kind: "maintenance_update",
    to: request.tenant.email,
    subject: `${site.name}: ${newsTitle(request, news)}`,
    ...renderEmail({
      heading: newsTitle(request, news),
      paragraphs: [
        ...(news.kind === "comment" ? ["The office wrote:"] : []),
        newsText(request, news),
        `Request: ${request.title} (${placeOf(request)}).`,
      ],
      action: { label: "Open the tenant portal", url: portalUrl },
      footnote:
        "You get these e-mails because of your notification settings; change them at any time in the portal's settings.",
    }),
  };
}
