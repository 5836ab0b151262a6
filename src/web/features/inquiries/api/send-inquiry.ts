import type { SuccessBody } from "#domain/api/contract";
import type { inquiriesApi } from "#domain/api/inquiries";
import type { InquiryPayload } from "#domain/inquiries";
import { translateMessage } from "#web/i18n/translate-message";
import { request } from "#web/lib/api-client";

export type InquirySent = SuccessBody<typeof inquiriesApi.send>;

/**
 * Sends a visitor's inquiry. The contract is fetched with the first send, not with the page: the
 * contact form is in a public page's first view, and the inquiries contracts (the back office's
 * too) are not needed until the visitor presses Send.
 */
export async function sendInquiry(payload: InquiryPayload): Promise<InquirySent> {
  const { inquiriesApi: contracts } = await import("#domain/api/inquiries");
  return request(contracts.send, { body: payload });
}

/**
 * Sends an inquiry and tells the visitor how it went, in the page's language (`t`): the server's
 * thanks, or the failure with the office's phone number whatever the cause. True when sent.
 */
export async function sendInquiryWithToast(
  payload: InquiryPayload,
  t: (id: string) => string,
): Promise<boolean> {
  // Fetched with the answer rather than with the page: the toast library is not in a
  // visitor's first view.
  const { toast } = await import("sonner");
  try {
    const sent = await sendInquiry(payload);
    toast.success(t("form.contact.sentTitle"), {
      description: sent.message ? translateMessage(t, sent.message) : t("form.contact.sentDefault"),
    });
    return true;
  } catch {
    toast.error(t("form.contact.failedTitle"), { description: t("form.contact.failedText") });
    return false;
  }
}
