import { afterEach, describe, expect, it, vi } from "vitest";
import { inquiriesApi } from "#domain/api/inquiries";
import english from "#domain/i18n/messages/en/form.json";
import { createTranslator } from "#domain/i18n/translator";
import { contactMessages } from "#domain/inquiries";
import { messages } from "#domain/messages";
import { ApiError, request } from "#web/lib/api-client";
import { messagesFor } from "./catalogue.server";
import { translateMessage } from "./translate-message";
import { validationIds } from "./validation";

const spanish = createTranslator("es", messagesFor("es", ["form"])).t;
const inEnglish = createTranslator("en", messagesFor("en", ["form"])).t;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the validation and server messages", () => {
  it("are exactly the English `form` catalogue, text for text", () => {
    const fromDomain = Object.fromEntries([...validationIds()].map(([text, id]) => [id, text]));
    expect(english).toEqual(fromDomain);
  });

  it("are shown in the page's language, and unknown texts (the back office's) as they came", () => {
    expect(translateMessage(spanish, contactMessages.email)).toBe(
      "Escriba un correo electrónico válido.",
    );
    expect(translateMessage(spanish, messages.server.tooManyRequests)).toMatch(
      /^Demasiadas solicitudes/,
    );
    expect(translateMessage(inEnglish, contactMessages.email)).toBe(contactMessages.email);
    expect(translateMessage(spanish, "Invalid credentials")).toBe("Invalid credentials");
  });

  it("hold the API client's own words when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    const failure = await request(inquiriesApi.send, {
      body: { name: "Ann", email: "a@example.com", phone: "8605550100", message: "Hello there!" },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(validationIds().get((failure as ApiError).message)).toBe("form.client.connectionFailed");
  });
});
