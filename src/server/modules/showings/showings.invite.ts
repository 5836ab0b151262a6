import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { site } from "#domain/site";
import type { MailAttachment } from "#server/mail/mailer";

/**
 * A showing's calendar invitation (RFC 5545/5546, by ical-generator): METHOD:REQUEST when it is
 * booked, METHOD:CANCEL (status CANCELLED) when it is called off. The UID stays the showing's
 * for good and SEQUENCE counts its versions, so a calendar that added the event replaces or
 * removes it rather than adding another. Times are UTC (no zone table to carry).
 */
export function showingInvite(input: {
  id: string;
  sequence: number;
  method: "REQUEST" | "CANCEL";
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  url: string;
  renter: { name: string; email: string };
  domain: string;
}): MailAttachment {
  const method =
    input.method === "REQUEST" ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL;
  const calendar = ical({
    prodId: { company: site.name, product: "Showings", language: "EN" },
    method,
  });
  calendar.createEvent({
    id: `showing-${input.id}@${input.domain}`,
    sequence: input.sequence,
    start: input.start,
    end: input.end,
    stamp: new Date(),
    summary: input.summary,
    location: input.location,
    description: input.description,
    url: input.url,
    status: input.method === "REQUEST" ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    organizer: { name: site.name, email: site.email },
    attendees: [{ name: input.renter.name, email: input.renter.email, rsvp: false }],
  });
  return {
    filename: input.method === "REQUEST" ? "showing.ics" : "showing-cancelled.ics",
    contentType: `text/calendar; charset=utf-8; method=${input.method}`,
    content: calendar.toString(),
  };
}
