import { contactMessages, type InquiryPayload } from "#domain/inquiries";
import { apiRequest } from "#web/lib/api-client";

export type InquirySent = { success: true; message: string };

/** POST /api/property-inquiry (PRODUCT-SPEC.md section 7). */
export function sendInquiry(payload: InquiryPayload): Promise<InquirySent> {
  return apiRequest<InquirySent>("/api/property-inquiry", { method: "POST", body: payload });
}

/** Sends an inquiry and tells the visitor how it went, in the spec's words. True when sent. */
export async function sendInquiryWithToast(payload: InquiryPayload): Promise<boolean> {
  // Fetched with the answer rather than with the page: the toast library is not in a
  // visitor's first view.
  const { toast } = await import("sonner");
  try {
    const sent = await sendInquiry(payload);
    toast.success(contactMessages.sentTitle, {
      description: sent.message || contactMessages.sentDefault,
    });
    return true;
  } catch {
    toast.error(contactMessages.failedTitle, { description: contactMessages.failedText });
    return false;
  }
}
