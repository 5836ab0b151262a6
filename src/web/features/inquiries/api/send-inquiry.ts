import type { InquiryPayload } from "../../../../domain/inquiries";
import { apiRequest } from "../../../lib/api-client";

export type InquirySent = { success: true; message: string };

/** POST /api/property-inquiry (PRODUCT-SPEC.md section 7). */
export function sendInquiry(payload: InquiryPayload): Promise<InquirySent> {
  return apiRequest<InquirySent>("/api/property-inquiry", { method: "POST", body: payload });
}
