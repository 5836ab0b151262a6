import type { MaintenanceStatus, MaintenanceUrgency } from "#domain/maintenance";

/** The badge of each urgency: an emergency stands out, routine is quiet. */
export const urgencyBadges = {
  emergency: "destructive",
  urgent: "featured",
  routine: "muted",
} as const satisfies Record<MaintenanceUrgency, string>;

/** The badge of each status: done is green, cancelled is quiet, the rest say work is under way. */
export const statusBadges = {
  submitted: "secondary",
  scheduled: "default",
  in_progress: "featured",
  completed: "success",
  cancelled: "muted",
} as const satisfies Record<MaintenanceStatus, string>;

/** A request the office has closed takes no more comments. */
export const isClosed = (status: MaintenanceStatus) =>
  status === "completed" || status === "cancelled";
