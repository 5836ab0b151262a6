import { describe, expect, it } from "vitest";
import { redactSecrets } from "#server/platform";

describe("URLs in the logs", () => {
  it.each([
    ["/upload/eyJhbGciOi.abc.def", "/upload/[redacted]"],
    ["/api/upload-requests/eyJ.a.b/files", "/api/upload-requests/[redacted]/files"],
    ["/api/files/download/eyJ.a.b", "/api/files/download/[redacted]"],
    ["/reset-password?code=abc123&uid=42", "/reset-password?code=[redacted]&uid=[redacted]"],
    ["/api/auth/verify-email?token=xyz", "/api/auth/verify-email?token=[redacted]"],
    ["/buildings/3?tab=units", "/buildings/3?tab=units"],
    ["/api/upload", "/api/upload"],
  ])("%s is logged as %s", (url, logged) => {
    expect(redactSecrets(url)).toBe(logged);
  });
});
