import { toast } from "sonner";
import { describe, expect, it, vi } from "vitest";
import type { SuccessBody } from "#domain/api/contract";
import { inquiriesApi } from "#domain/api/inquiries";
import { createTranslator } from "#domain/i18n/translator";
import { contactMessages } from "#domain/inquiries";
import { messages } from "#domain/messages";
import { type Answer, answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { spyOnToasts } from "#tests/support/toast-spy";
import { messagesFor } from "#web/i18n/catalogue.server";
import { ROOT_NAMESPACES } from "#web/i18n/namespaces";
import { sendInquiryWithToast } from "./send-inquiry";

spyOnToasts();

/** The words every page has (the root's namespaces), in each language. */
const english = createTranslator("en", messagesFor("en", ROOT_NAMESPACES)).t;
const spanish = createTranslator("es", messagesFor("es", ROOT_NAMESPACES)).t;

const payload = {
  name: "Ann Visitor",
  email: "ann@example.com",
  phone: "8605550100",
  message: "Subject: Tour\n\nIs the two-bedroom still free?",
  propertyId: 7,
};

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
    await expect(sendInquiryWithToast(payload, english)).resolves.toBe(true);
    expect(sent).toEqual(payload);
    expect(toast.success).toHaveBeenCalledWith(contactMessages.sentTitle, {
      description: "Thanks, Ann!",
    });
  });

  it("says it failed, with the office's phone, whatever the cause", async () => {
    const failures: Answer<typeof inquiriesApi.send>[] = [
      refuse(429, messages.server.tooManyRequests),
      networkFailure,
    ];
    for (const failure of failures) {
      answer(handle(inquiriesApi.send, () => failure));
      await expect(sendInquiryWithToast(payload, english)).resolves.toBe(false);
      expect(toast.error).toHaveBeenLastCalledWith(contactMessages.failedTitle, {
        description: contactMessages.failedText,
      });
    }
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("speaks the page's language: the server's English thanks and the failure in Spanish", async () => {
    const thanks: SuccessBody<typeof inquiriesApi.send> = {
      success: true,
      message: contactMessages.sentDefault,
    };
    answer(handle(inquiriesApi.send, () => ({ status: 201, body: thanks })));
    await expect(sendInquiryWithToast(payload, spanish)).resolves.toBe(true);
    expect(toast.success).toHaveBeenCalledWith("¡Mensaje enviado con éxito!", {
      description: "Recibimos su mensaje y le responderemos en un plazo de 24 horas.",
    });

    answer(handle(inquiriesApi.send, () => refuse(500, messages.server.internal)));
    await expect(sendInquiryWithToast(payload, spanish)).resolves.toBe(false);
    expect(toast.error).toHaveBeenLastCalledWith("No se pudo enviar el mensaje", {
      description: expect.stringContaining("(860) 555-0142"),
    });
    expect(vi.mocked(toast.error).mock.lastCall?.[1]?.description).toMatch(/^Hubo un error/);
  });
});
