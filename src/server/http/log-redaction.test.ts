import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allContracts } from "#domain/api/all";
import { buildUrl } from "#domain/api/wire";
import { redactSecrets } from "#server/platform";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

describe("URLs in the logs", () => {
  it.each([
    ["/upload/eyJhbGciOi.abc.def", "/upload/[redacted]"],
    ["/api/upload-requests/eyJ.a.b/files", "/api/upload-requests/[redacted]/files"],
    ["/api/files/download/eyJ.a.b", "/api/files/download/[redacted]"],
    ["/api/maintenance/photos/eyJ.a.b", "/api/maintenance/photos/[redacted]"],
    ["/api/alerts/confirm/Zm9v", "/api/alerts/confirm/[redacted]"],
    ["/api/alerts/manage/Zm9v?x=1", "/api/alerts/manage/[redacted]?x=1"],
    ["/api/alerts/unsubscribe/Zm9v", "/api/alerts/unsubscribe/[redacted]"],
    ["/alerts/confirm/Zm9v", "/alerts/confirm/[redacted]"],
    ["/es/alerts/manage/Zm9v", "/es/alerts/manage/[redacted]"],
    ["/es/upload/eyJ.a.b", "/es/upload/[redacted]"],
    ["/tenant-portal/sign-in?token=abc", "/tenant-portal/sign-in?token=[redacted]"],
    ["/reset-password?code=abc123&uid=42", "/reset-password?code=[redacted]&uid=[redacted]"],
    ["/api/auth/verify-email?token=xyz", "/api/auth/verify-email?token=[redacted]"],
    ["/buildings/3?tab=units", "/buildings/3?tab=units"],
    ["/api/upload", "/api/upload"],
  ])("%s is logged as %s", (url, logged) => {
    expect(redactSecrets(url)).toBe(logged);
  });
});

/**
 * Every route whose contract takes a `:token`, asked with a token of its own: the request log,
 * its lines at every level, never holds one of them.
 */
describe("the request log, route by route", () => {
  let database: TestDatabase;
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  const raw: string[] = [];

  beforeAll(async () => {
    database = await createTestDb();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        raw.push(String(chunk));
        done();
      },
    });
    testApp = await createTestApp(database, { logger: { level: "trace", stream } });
  });
  afterAll(async () => {
    await testApp?.close();
    await database?.drop();
  });

  const tokenRoutes = allContracts.filter((contract) => contract.path.includes(":token"));

  it("covers the routes that take a token", () => {
    expect(tokenRoutes.length).toBeGreaterThanOrEqual(8);
  });

  it.each(tokenRoutes.map((contract) => [contract.method, contract.path, contract] as const))(
    "%s %s leaves its token out of the log",
    async (method, _path, contract) => {
      const token = `Secret${Math.random().toString(36).slice(2)}Token`;
      await testApp.app.inject({
        method,
        url: buildUrl(contract, { token }),
        ...(method === "GET" ? {} : { payload: {} }),
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(raw.join("")).toContain(contract.path.slice(0, contract.path.indexOf(":token")));
      expect(raw.join("")).not.toContain(token);
    },
  );
});
