import { CONTACT_REPLY_HOURS } from "./constants";
import { site } from "./site";
import { z } from "./zod";

/** The contact form (name, email, phone, subject, message) and the inquiry the API stores. */

export const contactMessages = {
  name: "Name must be at least 2 characters.",
  email: "Please enter a valid email address.",
  phone: "Please enter a valid phone number.",
  subject: "Subject must be at least 2 characters.",
  message: "Message must be at least 10 characters.",
  preferredTimes: "Please tell us which days and times suit you.",
  sentTitle: "Message Sent Successfully!",
  sentDefault: `We've received your message and will get back to you within ${CONTACT_REPLY_HOURS} hours.`,
  failedTitle: "Failed to Send Message",
  failedText: `There was an error sending your message. Please try again or call us directly at ${site.phone}.`,
  /** The server's refusal of an inquiry about a unit or building that is not listed. */
  unitUnavailable: "This unit is not available.",
  propertyUnavailable: "This property is not available.",
} as const;

const name = z
  .string()
  .trim()
  .min(2, contactMessages.name)
  .max(100, "Name must be at most 100 characters.");
const email = z
  .string()
  .trim()
  .max(254, contactMessages.email)
  .pipe(z.email({ error: contactMessages.email }));
const phone = z.string().trim().min(10, contactMessages.phone).max(30, contactMessages.phone);

export const contactFormSchema = z.object({
  name,
  email,
  phone,
  subject: z
    .string()
    .trim()
    .min(2, contactMessages.subject)
    .max(150, "Subject must be at most 150 characters."),
  message: z
    .string()
    .trim()
    .min(10, contactMessages.message)
    .max(5000, "Message must be at most 5000 characters."),
});
export type ContactForm = z.input<typeof contactFormSchema>;

/** Schedule Tour (the product gives the button no action of its own): an inquiry about the unit. */
export const tourRequestSchema = z.object({
  name,
  email,
  phone,
  preferredTimes: z.string().trim().min(2, contactMessages.preferredTimes).max(500),
});
export type TourRequest = z.input<typeof tourRequestSchema>;

/** POST /api/property-inquiry: {name, email, phone, message, propertyId}, plus a tour's unit. */
export const inquiryPayloadSchema = z.object({
  name,
  email,
  phone,
  message: z
    .string()
    .trim()
    .min(10, contactMessages.message)
    .max(6000, "Message must be at most 6000 characters."),
  propertyId: z.number().int().positive().nullable().default(null),
  unitId: z.number().int().positive().nullable().optional(),
});
export type InquiryPayload = z.input<typeof inquiryPayloadSchema>;

const SUBJECT_PREFIX = "Subject: ";

/** The stored inquiry message: the subject first, then the message. */
export function composeInquiryMessage(subject: string, message: string): string {
  return `${SUBJECT_PREFIX}${subject.trim()}\n\n${message.trim()}`;
}

/** The subject back out of a composed message (empty when there is none). */
export function splitInquiryMessage(composed: string): { subject: string; message: string } {
  const match = /^Subject: (.*)\n\n([\s\S]*)$/.exec(composed);
  return match ? { subject: match[1]!, message: match[2]! } : { subject: "", message: composed };
}

export function composeTourMessage(unitLabel: string, preferredTimes: string): string {
  return composeInquiryMessage(
    `Tour request: ${unitLabel}`,
    `I would like to schedule a tour of ${unitLabel}.\nPreferred days and times: ${preferredTimes.trim()}`,
  );
}
