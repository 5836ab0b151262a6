import { Siren } from "lucide-react";
import {
  type MaintenanceStatus,
  type MaintenanceUrgency,
  maintenanceStatusLabels,
  maintenanceUrgencyLabels,
  type VisitWindow,
  visitWindowLabels,
} from "#domain/maintenance";
import { Badge, type BadgeProps } from "#web/components/ui/badge";

const urgencyVariants: Record<MaintenanceUrgency, BadgeProps["variant"]> = {
  emergency: "destructive",
  urgent: "featured",
  routine: "outline",
};

const statusVariants: Record<MaintenanceStatus, BadgeProps["variant"]> = {
  submitted: "default",
  scheduled: "secondary",
  in_progress: "secondary",
  completed: "success",
  cancelled: "muted",
};

/** An emergency stands out (red, with an icon); routine is an outline. */
export function UrgencyBadge({ urgency }: { urgency: MaintenanceUrgency }) {
  return (
    <Badge variant={urgencyVariants[urgency]}>
      {urgency === "emergency" ? <Siren aria-hidden="true" className="size-3" /> : null}
      {maintenanceUrgencyLabels[urgency]}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: MaintenanceStatus }) {
  return <Badge variant={statusVariants[status]}>{maintenanceStatusLabels[status]}</Badge>;
}

const visitDate = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** 'Thu, Mar 5, 2026, 8 AM to 12 PM': a visit's day (a calendar date, read as such) and window. */
export function visitLine(scheduledFor: string | null, window: VisitWindow | null): string | null {
  if (!scheduledFor) return null;
  const date = new Date(`${scheduledFor}T12:00:00Z`);
  const day = Number.isNaN(date.getTime()) ? scheduledFor : visitDate.format(date);
  return window ? `${day}, ${visitWindowLabels[window]}` : day;
}
