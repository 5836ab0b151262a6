import { describe, expect, it } from "vitest";
import {
  CONSENT_VERSION,
  consentStatus,
  consentText,
  createConsentRecord,
  DATA_RETENTION_YEARS,
  parseConsentRecord,
} from "./consent";

const now = new Date("2026-11-22T15:30:00.000Z");
const stored = (choice: "accepted" | "declined") =>
  JSON.stringify(createConsentRecord(choice, now));
const nothing = { kept: null, session: null, closed: null };

describe("consent records", () => {
  it("record the choice, the moment and the policy version", () => {
    expect(createConsentRecord("accepted", now)).toEqual({
      choice: "accepted",
      date: "2026-11-22T15:30:00.000Z",
      version: CONSENT_VERSION,
    });
  });

  it("read back what was written", () => {
    expect(parseConsentRecord(stored("declined"))).toEqual(createConsentRecord("declined", now));
  });

  it("read nothing from missing, corrupt or foreign values", () => {
    for (const raw of [
      null,
      undefined,
      "",
      "{not json",
      "true",
      "null",
      '"accepted"',
      JSON.stringify({ choice: "maybe", date: now.toISOString(), version: CONSENT_VERSION }),
      JSON.stringify({ choice: "accepted", date: "yesterday", version: CONSENT_VERSION }),
      JSON.stringify({ choice: "accepted", date: now.toISOString() }),
      JSON.stringify({ choice: "accepted", date: "2026-11-22T15:30:00+01:00", version: 1 }),
      JSON.stringify({ choice: "accepted", date: now.toISOString(), version: "1" }),
      JSON.stringify([createConsentRecord("accepted", now)]),
    ]) {
      expect(parseConsentRecord(raw), String(raw)).toBeNull();
    }
  });

  it("ignore a record made for another version of the policy", () => {
    const old = { ...createConsentRecord("accepted", now), version: CONSENT_VERSION + 1 };
    expect(parseConsentRecord(JSON.stringify(old))).toBeNull();
  });
});

describe("consentStatus", () => {
  it("is unset on a first visit, when the banner shows", () => {
    expect(consentStatus(nothing)).toBe("unset");
  });

  it("is accepted for good once the visitor accepted", () => {
    expect(consentStatus({ ...nothing, kept: stored("accepted") })).toBe("accepted");
    expect(
      consentStatus({ kept: stored("accepted"), session: stored("declined"), closed: "x" }),
    ).toBe("accepted");
  });

  it("is declined or closed for the session after a decline or a close", () => {
    expect(consentStatus({ ...nothing, session: stored("declined") })).toBe("declined");
    expect(consentStatus({ ...nothing, closed: now.toISOString() })).toBe("closed");
  });

  it("is unset again when the stored answer is corrupt", () => {
    expect(consentStatus({ kept: "{oops", session: "[]", closed: null })).toBe("unset");
  });

  it("does not treat a kept decline, or an acceptance in the session, as consent", () => {
    expect(consentStatus({ ...nothing, kept: stored("declined") })).toBe("unset");
    expect(consentStatus({ ...nothing, session: stored("accepted") })).toBe("unset");
  });
});

describe("the banner's words", () => {
  it("say that data is kept 2 years from the last activity", () => {
    expect(DATA_RETENTION_YEARS).toBe(2);
    expect(consentText.body).toContain("2 years from your last activity");
  });
});
