import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SuccessBody } from "#domain/api/contract";
import { inquiriesApi } from "#domain/api/inquiries";
import { contactMessages } from "#domain/inquiries";
import { type Answer, answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { sendInquiryWithToast } from "./send-inquiry";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

const payload = {
  name: "Ann Visitor",
  email: "ann@example.com",
  phone: "8605550100",
  message: "Subject: Tour\n\nIs the two-bedroom still free?",
  propertyId: 7,
};

beforeEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("sending an inquiry", () => {
  it("sends it and thanks the visitor in the server's words", async () => {
    let sent: unknown;
    const thanks: SuccessBody<typeof inquiriesApi.send> = {
      success: true,
      message: "Thanks, Ann!",
    };
    answer(
      handle(inquiriesApi.send, ({ body }) => {
        sent = body;
        return { status: 201, body: thanks };
      }),
    );
    await expect(sendInquiryWithToast(payload)).resolves.toBe(true);
    expect(sent).toEqual(payload);
    expect(toast.success).toHaveBeenCalledWith(contactMessages.sentTitle, {
      description: "Thanks, Ann!",
    });
  });

  it("says it failed, with the office's phone, whatever the cause", async () => {
    const failures: Answer<typeof inquiriesApi.send>[] = [
      refuse(429, "Too many requests."),
      networkFailure,
    ];
    for (const failure of failures) {
      answer(handle(inquiriesApi.send, () => failure));
      await expect(sendInquiryWithToast(payload)).resolves.toBe(false);
      expect(toast.error).toHaveBeenLastCalledWith(contactMessages.failedTitle, {
        description: contactMessages.failedText,
      });
    }
    expect(toast.success).not.toHaveBeenCalled();
  });
});
