import { type InquiryPayload, inquiryPayloadSchema, splitInquiryMessage } from "#domain/inquiries";
import { site } from "#domain/site";
import type { Db } from "#server/db/client";
import { renderEmail } from "#server/mail/email-layout";
import type { MailQueue } from "#server/mail/mail-queue";
import { propertyUnavailable, unitUnavailable } from "./inquiries.errors";
import { createInquiriesRepository } from "./inquiries.repository";

type Deps = {
  db: Db;
  mailQueue: MailQueue;
  publicUrl: string;
};

type About = {
  propertyId: number | null;
  unitId: number | null;
  label: string | null;
  path: string | null;
};

/** What the inquiry is about: nothing (the contact form), a building, or a unit of it. */
async function resolveSubjectOf(
  db: Db,
  propertyId: number | null,
  unitId: number | null | undefined,
): Promise<About> {
  const repo = createInquiriesRepository(db);
  if (unitId) {
    const unit = await repo.unitOfActiveProperty(unitId);
    if (!unit || (propertyId !== null && unit.propertyId !== propertyId)) {
      throw unitUnavailable();
    }
    return {
      propertyId: unit.propertyId,
      unitId: unit.id,
      label: `${unit.propertyTitle}, Unit ${unit.unitNumber}`,
      path: `/properties/${unit.id}`,
    };
  }
  if (propertyId !== null) {
    const property = await repo.activeProperty(propertyId);
    if (!property) {
      throw propertyUnavailable();
    }
    return {
      propertyId: property.id,
      unitId: null,
      label: property.title,
      path: `/buildings/${property.id}`,
    };
  }
  return { propertyId: null, unitId: null, label: null, path: null };
}

/**
 * Stores the inquiry and queues the office's e-mail about it, in one transaction: both are kept
 * or neither, and a mail server that is down delays the notice, never loses it.
 */
export async function createInquiry(
  deps: Deps,
  input: InquiryPayload,
): Promise<{ inquiry: { id: number } }> {
  const payload = inquiryPayloadSchema.parse(input);
  const about = await resolveSubjectOf(deps.db, payload.propertyId, payload.unitId);
  const { subject, message } = splitInquiryMessage(payload.message);
  const title = subject || (about.label ? `Inquiry about ${about.label}` : "New inquiry");
  // The inquiry and the office's notice are stored together: the notice is sent by the mail
  // worker, retried while the SMTP server is down, so no visitor's message goes unannounced.
  const row = await deps.mailQueue.transaction(async (tx) => {
    const inserted = await createInquiriesRepository(tx.db).insert({
      name: payload.name,
      email: payload.email,
      phone: payload.phone,
      subject,
      message,
      propertyId: about.propertyId,
      unitId: about.unitId,
    });
    const email = renderEmail({
      heading: `New inquiry #${inserted.id}: ${title}`,
      paragraphs: [
        `From ${payload.name} <${payload.email}>, phone ${payload.phone}.`,
        ...(about.label ? [`About: ${about.label}.`] : []),
        message,
      ],
      ...(about.path
        ? { action: { label: "View the listing", url: `${deps.publicUrl}${about.path}` } }
        : {}),
      footnote: "Reply to this e-mail to answer the visitor directly.",
    });
    await tx.queue({
      kind: "inquiry_notice",
      to: site.email,
      replyTo: payload.email,
      subject: `[${site.name}] ${title}`,
      ...email,
    });
    return inserted;
  });
  return { inquiry: { id: row.id } };
}
