import { CalendarClock, DoorOpen } from "lucide-react";
import type { Translator } from "#domain/i18n/translator";
import type { MaintenanceRequest } from "#domain/maintenance";
import { Badge } from "#web/components/ui/badge";
import { Card } from "#web/components/ui/card";
import { useI18n } from "#web/i18n/i18n-provider";
import { formatDateTime, formatDay } from "#web/lib/format-date-time";
import { isClosed, statusBadges, urgencyBadges } from "../request-badges";
import { CommentThread } from "./comment-thread";
import { PhotoGallery } from "./photo-gallery";

/** 'Tue, Mar 3, 2026, 8 AM to 12 PM': when the visit is, once the office has scheduled it. */
function visitLine(
  { t, intl }: Pick<Translator, "t" | "intl">,
  request: Pick<MaintenanceRequest, "scheduledFor" | "window">,
) {
  if (!request.scheduledFor) return null;
  const day = formatDay(request.scheduledFor, intl);
  return request.window ? `${day}, ${t(`portal.window.${request.window}`)}` : day;
}

/** One request: what it is, how urgent, where it stands, its photos and the conversation. */
export function RequestCard({ request }: { request: MaintenanceRequest }) {
  const i18n = useI18n();
  const { t, intl } = i18n;
  const visit = request.status === "scheduled" ? visitLine(i18n, request) : null;
  return (
    <Card className="grid gap-4 p-4 sm:p-5">
      <div className="grid gap-2">
        <h4 className="text-lg font-semibold break-words">{request.title}</h4>
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant={statusBadges[request.status]}>
            {t("portal.request.status", { status: t(`portal.status.${request.status}`) })}
          </Badge>
          <Badge variant={urgencyBadges[request.urgency]}>
            {t(`portal.urgency.${request.urgency}`)}
          </Badge>
          <Badge variant="outline">{t(`portal.category.${request.category}`)}</Badge>
        </p>
        {visit ? (
          <p className="flex items-center gap-2 text-sm font-semibold">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-primary" />
            {t("portal.request.visit", { visit })}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {t("portal.request.reported", { date: formatDateTime(request.createdAt, intl) })}
        </p>
      </div>
      <p className="whitespace-pre-line break-words text-sm">{request.description}</p>
      <p className="flex items-start gap-2 text-sm">
        <DoorOpen aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          {t(request.permissionToEnter ? "portal.request.mayEnter" : "portal.request.onlyHome")}
          {request.preferredTimes
            ? ` ${t("portal.request.preferred", { times: request.preferredTimes })}`
            : null}
        </span>
      </p>
      <PhotoGallery photos={request.photos} title={request.title} />
      <CommentThread request={request} closed={isClosed(request.status)} />
    </Card>
  );
}
