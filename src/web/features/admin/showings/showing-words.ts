import { dateTimeFormat } from "#domain/i18n/intl-formats";
import { OFFICE_TIME_ZONE } from "#domain/locale";
import type { ShowingAction, ShowingFollowUp, ShowingStatus } from "#domain/showings";

/** The office's words for a showing's status, what staff can do, and what followed. */
export const showingStatusLabels: Record<ShowingStatus, string> = {
  requested: "Requested",
  booked: "Booked",
  completed: "Completed",
  no_show: "No-show",
  cancelled: "Cancelled",
  released: "Released",
};

export const showingActionLabels: Record<ShowingAction, string> = {
  confirm: "Confirm",
  decline: "Decline",
  cancel: "Cancel showing",
  completed: "Completed",
  no_show: "No-show",
};

export const followUpLabels: Record<ShowingFollowUp, string> = {
  application_sent: "Application sent",
  lead_lost: "Lead lost",
};

/** '10:00 AM', Connecticut time, whatever the viewer's zone. */
export const officeTimeText = (iso: string) =>
  dateTimeFormat("en-US", { timeStyle: "short", timeZone: OFFICE_TIME_ZONE })
    .format(new Date(iso))
    .replace(/\u202f/g, " ");
