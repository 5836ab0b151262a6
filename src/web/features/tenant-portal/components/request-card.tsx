import { CalendarClock, DoorOpen } from "lucide-react";
import {
  type MaintenanceRequest,
  maintenanceCategoryLabels,
  maintenanceStatusLabels,
  maintenanceUrgencyLabels,
  visitWindowLabels,
} from "#domain/maintenance";
import { Badge } from "#web/components/ui/badge";
import { Card } from "#web/components/ui/card";
import { formatDateTime, formatDay } from "#web/lib/format-date-time";
import { isClosed, statusBadges, urgencyBadges } from "../request-badges";
import { CommentThread } from "./comment-thread";
import { PhotoGallery } from "./photo-gallery";

/** 'Tue, Mar 3, 2026, 8 AM to 12 PM': when the visit is, once the office has scheduled it. */
export function visitLine(request: Pick<MaintenanceRequest, "scheduledFor" | "window">) {
  if (!request.scheduledFor) return null;
  const day = formatDay(request.scheduledFor);
  return request.window ? `${day}, ${visitWindowLabels[request.window]}` : day;
}

/** One request: what it is, how urgent, where it stands, its photos and the conversation. */
export function RequestCard({ request }: { request: MaintenanceRequest }) {
  const visit = request.status === "scheduled" ? visitLine(request) : null;
  return (
    <Card className="grid gap-4 p-4 sm:p-5">
      <div className="grid gap-2">
        <h4 className="text-lg font-semibold break-words">{request.title}</h4>
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant={statusBadges[request.status]}>
            {`Status: ${maintenanceStatusLabels[request.status]}`}
          </Badge>
          <Badge variant={urgencyBadges[request.urgency]}>
            {maintenanceUrgencyLabels[request.urgency]}
          </Badge>
          <Badge variant="outline">{maintenanceCategoryLabels[request.category]}</Badge>
        </p>
        {visit ? (
          <p className="flex items-center gap-2 text-sm font-semibold">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-primary" />
            {`Visit: ${visit}`}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">{`Reported ${formatDateTime(request.createdAt)}`}</p>
      </div>
      <p className="whitespace-pre-line break-words text-sm">{request.description}</p>
      <p className="flex items-start gap-2 text-sm">
        <DoorOpen aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          {request.permissionToEnter
            ? "The office may enter when you are not home."
            : "The office enters only when you are home."}
          {request.preferredTimes ? ` Preferred times: ${request.preferredTimes}` : null}
        </span>
      </p>
      <PhotoGallery photos={request.photos} title={request.title} />
      <CommentThread request={request} closed={isClosed(request.status)} />
    </Card>
  );
}
