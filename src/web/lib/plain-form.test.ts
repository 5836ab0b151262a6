import { describe, expect, it } from "vitest";
import { applicationMessages } from "#domain/applications";
import { messages } from "#domain/messages";
import { waitlistMessages } from "#domain/waitlists";
import { readApplyStart } from "#web/features/applications/apply-start-input";
import { readWaitlistJoin } from "#web/features/waitlists/waitlist-join-input";
import { checkThenSend, fieldErrors, formValues } from "./plain-form";

/**
 * The public plain forms (they work without scripts) are read and checked the same way by the
 * route's action on the server and its clientAction in the browser: refused answers come back
 * beside their fields with what was typed, and in the browser nothing is sent until they pass.
 */
const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};
const post = (fields: Record<string, string>) =>
  new Request("https://example.test/form", { method: "POST", body: formOf(fields) });

describe("reading the plain forms", () => {
  it("Apply Now: each field's refusal with what was typed, or the renter in the page's language", async () => {
    expect(await readApplyStart(formOf({ email: "rosa@" }), "en")).toEqual({
      ok: false,
      result: {
        errors: { name: applicationMessages.name, email: applicationMessages.email },
        values: { name: "", email: "rosa@" },
      },
    });
    expect(
      await readApplyStart(formOf({ name: "Rosa Díaz", email: "Rosa@Example.com" }), "es"),
    ).toEqual({ ok: true, input: { name: "Rosa Díaz", email: "rosa@example.com", lang: "es" } });
  });

  it("the waiting list's join: bedrooms read as a number", async () => {
    const refused = await readWaitlistJoin(formOf({ name: "Lu", email: "lu@example.com" }), "en");
    expect(refused).toMatchObject({
      ok: false,
      result: { errors: { bedrooms: waitlistMessages.bedrooms } },
    });
    const joined = await readWaitlistJoin(
      formOf({ name: "Lu Pérez", email: "lu@example.com", bedrooms: "2" }),
      "es",
    );
    expect(joined).toMatchObject({ ok: true, input: { bedrooms: 2, lang: "es" } });
  });
});

describe("checkThenSend, a plain form's clientAction", () => {
  const read = (form: FormData) => readApplyStart(form, "en");
  const failed = (message: string) => ({ errors: { form: message }, values: {} });

  it("sends nothing while the form is refused", async () => {
    let sent = 0;
    const answer = await checkThenSend(
      { request: post({ name: "R" }), serverAction: async () => sent++ },
      read,
      failed,
    );
    expect(sent).toBe(0);
    expect(answer).toMatchObject({ errors: { name: applicationMessages.name } });
  });

  it("sends a form that passes, and says a refusal on the way on the form", async () => {
    const good = { name: "Rosa Díaz", email: "rosa@example.com" };
    expect(
      await checkThenSend(
        { request: post(good), serverAction: async () => ({ sent: true }) },
        read,
        failed,
      ),
    ).toEqual({ sent: true });
    const tooMany = Object.assign(new Error("429"), { status: 429 });
    expect(
      await checkThenSend(
        { request: post(good), serverAction: () => Promise.reject(tooMany) },
        read,
        failed,
      ),
    ).toEqual({ errors: { form: messages.server.tooManyRequests }, values: {} });
  });
});

describe("fieldErrors and formValues", () => {
  it("keep each listed field's first refusal, and read a missing field as empty", () => {
    const issues = [
      { path: ["name"], message: "first" },
      { path: ["name"], message: "second" },
      { path: ["lang"], message: "not a field of the form" },
    ];
    expect(fieldErrors(issues, ["name", "email"] as const)).toEqual({ name: "first" });
    expect(formValues(formOf({ name: "Rosa" }), ["name", "email"] as const)).toEqual({
      name: "Rosa",
      email: "",
    });
  });
});
