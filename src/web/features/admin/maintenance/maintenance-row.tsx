import { Building2, CalendarClock, Camera, MessageSquare, User } from "lucide-react";
import { type MaintenanceRequest, maintenanceCategoryLabels } from "#domain/maintenance";
import { Card } from "#web/components/ui/card";
import { formatDateTime } from "#web/lib/format-date-time";
import { cn } from "#web/lib/utils";
import { placeLine } from "../files/file-list";
import { StatusBadge, UrgencyBadge, visitLine } from "./maintenance-badges";

/**
 * One request in the list: its title opens it; the building and unit, tenant, category, urgency,
 * status and when it came in are read at a glance. An open emergency has a red edge.
 */
export function MaintenanceRow({
  request,
  onOpen,
}: {
  request: MaintenanceRequest;
  onOpen: (request: MaintenanceRequest) => void;
}) {
  const visit =
    request.status === "scheduled" ? visitLine(request.scheduledFor, request.window) : null;
  const closed = request.status === "completed" || request.status === "cancelled";
  return (
    <li>
      <Card
        className={cn(
          "grid gap-2 p-4",
          request.urgency === "emergency" && !closed && "border-l-4 border-l-destructive",
        )}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 text-base font-semibold break-words">
            <button
              type="button"
              className="min-h-11 text-left underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm"
              onClick={() => onOpen(request)}
            >
              {request.title}
            </button>
          </h3>
          <div className="flex flex-wrap gap-2">
            <UrgencyBadge urgency={request.urgency} />
            <StatusBadge status={request.status} />
          </div>
        </div>
        <div className="grid gap-1 text-sm sm:grid-cols-2">
          <p className="flex min-w-0 items-center gap-1.5">
            <Building2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {placeLine(request.property.name, request.property.unit)}
          </p>
          <p className="flex min-w-0 items-center gap-1.5">
            <User aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="break-all">{request.tenant.name || request.tenant.email}</span>
          </p>
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span>{maintenanceCategoryLabels[request.category]}</span>
          <span>{`Sent ${formatDateTime(request.createdAt)}`}</span>
          {request.photos.length > 0 ? (
            <span className="inline-flex items-center gap-1">
              <Camera aria-hidden="true" className="size-4" />
              {request.photos.length === 1 ? "1 photo" : `${request.photos.length} photos`}
            </span>
          ) : null}
          {request.commentCount > 0 ? (
            <span className="inline-flex items-center gap-1">
              <MessageSquare aria-hidden="true" className="size-4" />
              {request.commentCount === 1 ? "1 comment" : `${request.commentCount} comments`}
            </span>
          ) : null}
        </p>
        {visit ? (
          <p className="flex items-center gap-1.5 text-sm font-medium">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
            {`Visit: ${visit}`}
          </p>
        ) : null}
      </Card>
    </li>
  );
}
