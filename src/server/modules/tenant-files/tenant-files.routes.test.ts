import { readFile, rm } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contract } from "#domain/api/contract";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { authMessages } from "#domain/auth";
import {
  DOWNLOAD_URL_MINUTES,
  type FileStats,
  filesMessages,
  RECENT_UPLOAD_DAYS,
  TENANT_FILE_MAX_BYTES,
  type TenantFile,
} from "#domain/tenant-files";
import { tenantFiles } from "#server/db/schema";
import { loginAs } from "#tests/support/auth";
import { type CallOptions, call, urlOf } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { DOWNLOAD_AUDIENCE } from "./file-tokens";
import {
  type FormPart,
  filesIn,
  multipart,
  samples,
  sendForm,
  tenantFilesDir,
} from "./tenant-files.test-helpers";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let tenant: Awaited<ReturnType<typeof loginAs>>;
let filesDir: string;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" } });
  filesDir = tenantFilesDir(testApp.dataDir);
  admin = await loginAs(testApp.app, database.db, "admin");
  tenant = await loginAs(testApp.app, database.db, "tenant");
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const to = (contract: Contract, options?: CallOptions) => call(testApp.app, contract, options);

function upload(parts: FormPart[], headers: Record<string, string> = tenant.headers) {
  return sendForm(testApp.app, tenantFilesApi.tenantUpload, parts, { headers });
}

const listFiles = async (query: Record<string, string> = {}) => {
  const response = await to(tenantFilesApi.list, { query, headers: admin.headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { files: TenantFile[] }).files;
};

/** The token of the download link the office is handed for that file, checked to be that route's. */
async function downloadTokenOf(id: string): Promise<string> {
  const response = await to(tenantFilesApi.downloadLink, {
    params: { id },
    headers: admin.headers,
  });
  expect(response.statusCode).toBe(200);
  const { downloadUrl } = response.json() as { downloadUrl: string };
  const token = downloadUrl.split("/").pop()!;
  expect(downloadUrl).toBe(urlOf(tenantFilesApi.download, { token }));
  return token;
}

const download = (token: string, options: CallOptions = {}) =>
  to(tenantFilesApi.download, { ...options, params: { token } });

/** A describe block's title: the contract's method and path. */
const route = (contract: Contract) => `${contract.method} ${contract.path}`;

describe(route(tenantFilesApi.tenantUpload), () => {
  it("stores a signed-in tenant's document under their name, with fields after the file", async () => {
    const pdf = samples.pdf();
    const response = await upload([
      { name: "file", filename: "Lease 2025.pdf", content: pdf, type: "text/plain" },
      { name: "category", value: "lease" },
      { name: "maintenanceRequest", value: "  " },
    ]);
    expect(response.statusCode).toBe(201);
    const [file] = response.json().files as TenantFile[];
    expect(file).toMatchObject({
      originalName: "Lease 2025.pdf",
      category: "lease",
      size: pdf.length,
      // The bytes decide, not the declared type.
      mime: "application/pdf",
      tenant: { name: tenant.email, email: tenant.email },
      property: { id: null, name: "", unit: "" },
      maintenanceRequest: null,
    });
    const [row] = await database.db.select().from(tenantFiles);
    expect(row!.filename).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readFile(path.join(filesDir, row!.filename))).toEqual(pdf);
    expect(await filesIn(filesDir)).toEqual([row!.filename]);
  });

  it("takes several files and the fields before them", async () => {
    const response = await upload([
      { name: "category", value: "maintenance" },
      { name: "maintenanceRequest", value: "Leaking kitchen faucet" },
      { name: "file", filename: "faucet.jpg", content: samples.jpeg() },
      { name: "file", filename: "IMG_0001.HEIC", content: samples.heic() },
    ]);
    expect(response.statusCode).toBe(201);
    const files = response.json().files as TenantFile[];
    expect(files.map((f) => [f.originalName, f.mime, f.category])).toEqual([
      ["faucet.jpg", "image/jpeg", "maintenance"],
      ["IMG_0001.HEIC", "image/heic", "maintenance"],
    ]);
    expect(files[0]!.maintenanceRequest).toEqual({ title: "Leaking kitchen faucet" });
  });

  it("files a document under Other when no category is given", async () => {
    const response = await upload([
      { name: "file", filename: "notes.docx", content: samples.docx() },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().files[0]).toMatchObject({
      category: "other",
      mime: expect.stringContaining("wordprocessingml"),
    });
  });

  it("refuses a text file named .pdf with 415 and writes nothing", async () => {
    const before = await filesIn(filesDir);
    const rows = (await database.db.select().from(tenantFiles)).length;
    const response = await upload([
      { name: "file", filename: "photo.png", content: samples.png() },
      { name: "file", filename: "lease.pdf", content: samples.text(), type: "application/pdf" },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(filesMessages.wrongType);
    // The good file sent first is gone too: all or nothing.
    expect(await filesIn(filesDir)).toEqual(before);
    expect(await database.db.select().from(tenantFiles)).toHaveLength(rows);
  });

  it("refuses a 21 MB file with 413 and writes nothing", async () => {
    const before = await filesIn(filesDir);
    const big = Buffer.concat([samples.pdf(), Buffer.alloc(21 * 1024 * 1024 - 200, 0x20)]);
    expect(big.length).toBeGreaterThan(TENANT_FILE_MAX_BYTES);
    const response = await upload([{ name: "file", filename: "scan.pdf", content: big }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(filesMessages.tooBig);
    expect(await filesIn(filesDir)).toEqual(before);
  });

  it("answers a refusal over real HTTP while the client is still sending, and frees the socket", async () => {
    const served = await createTestApp(database);
    const signedIn = await loginAs(served.app, database.db, "tenant");
    const address = await served.app.listen({ port: 0, host: "127.0.0.1" });
    const body = multipart([
      { name: "file", filename: "a.pdf", content: samples.text() },
      { name: "file", filename: "b.pdf", content: Buffer.alloc(15 * 1024 * 1024, 0x25) },
    ]);
    const answer = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `${address}${urlOf(tenantFilesApi.tenantUpload)}`,
        {
          method: "POST",
          headers: {
            ...signedIn.headers,
            ...body.headers,
            "content-length": body.payload.length,
          },
        },
        (response) => {
          let text = "";
          response.on("data", (chunk) => {
            text += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode, body: text }));
        },
      );
      request.on("error", reject);
      request.end(body.payload);
    });
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body).message).toBe(filesMessages.wrongType);
    // Left unread, the rest of the body would hold the connection, and close() with it.
    await served.close();
  });

  it("refuses an unknown category with 400 and removes the stored bytes", async () => {
    const before = await filesIn(filesDir);
    const response = await upload([
      { name: "file", filename: "a.pdf", content: samples.pdf() },
      { name: "category", value: "secret" },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe("category");
    expect(await filesIn(filesDir)).toEqual(before);
  });

  it.each([
    ["no file", [{ name: "category", value: "lease" }]],
    ["a file in another field", [{ name: "document", filename: "a.pdf", content: samples.pdf() }]],
  ])("refuses a form with %s with 400", async (_label, parts) => {
    const response = await upload(parts as FormPart[]);
    expect(response.statusCode).toBe(400);
  });

  it("refuses a JSON body with 415", async () => {
    const response = await to(tenantFilesApi.tenantUpload, {
      headers: tenant.headers,
      payload: { file: "x" },
    });
    expect(response.statusCode).toBe(415);
  });

  it("answers a cut-off multipart body with 400, not 500", async () => {
    const body = multipart([{ name: "file", filename: "a.pdf", content: samples.pdf() }]);
    const response = await to(tenantFilesApi.tenantUpload, {
      headers: { ...tenant.headers, ...body.headers },
      payload: body.payload.subarray(0, body.payload.length - 40),
    });
    expect(response.statusCode).toBe(400);
  });

  it("refuses an administrator with 403 and no session with 401", async () => {
    const part = [{ name: "file", filename: "a.pdf", content: samples.pdf() }];
    const asAdmin = await upload(part, admin.headers);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toBe(authMessages.tenantsOnly);
    expect((await upload(part, {})).statusCode).toBe(401);
  });
});

describe(route(tenantFilesApi.list), () => {
  it("lists every file newest first with the tenant's name", async () => {
    const files = await listFiles();
    expect(files.length).toBeGreaterThanOrEqual(4);
    const dates = files.map((f) => f.uploadDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(files.every((f) => f.tenant.name === tenant.email)).toBe(true);
  });

  it("filters by category", async () => {
    const files = await listFiles({ category: "maintenance" });
    expect(files.map((f) => f.originalName).sort()).toEqual(["IMG_0001.HEIC", "faucet.jpg"]);
  });

  it("refuses an unknown category with 400", async () => {
    const response = await to(tenantFilesApi.list, {
      query: { category: "secret" },
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(400);
  });

  it("searches the tenant's name and e-mail in any case, with % and _ taken literally", async () => {
    await database.db.insert(tenantFiles).values({
      tenantName: "Maria O'Connor",
      tenantEmail: "maria_100%@example.com",
      category: "property",
      filename: "00000000-0000-4000-8000-000000000001",
      originalName: "inspection.pdf",
      size: 1000,
      mime: "application/pdf",
    });
    expect((await listFiles({ tenant: "o'CONNOR" })).map((f) => f.originalName)).toEqual([
      "inspection.pdf",
    ]);
    expect((await listFiles({ tenant: "MARIA_100%" })).map((f) => f.originalName)).toEqual([
      "inspection.pdf",
    ]);
    expect(await listFiles({ tenant: "maria%example" })).toEqual([]);
    expect(await listFiles({ tenant: "_" })).toHaveLength(1);
    const mine = await listFiles({ tenant: tenant.email.slice(0, 12).toUpperCase() });
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(mine.every((f) => f.tenant.email === tenant.email)).toBe(true);
  });

  it("answers 401 without a session and 403 for a tenant", async () => {
    expect((await to(tenantFilesApi.list)).statusCode).toBe(401);
    const asTenant = await to(tenantFilesApi.list, { headers: tenant.headers });
    expect(asTenant.statusCode).toBe(403);
  });
});

describe(route(tenantFilesApi.stats), () => {
  it("counts files, bytes, categories and this week's uploads", async () => {
    const old = new Date(Date.now() - (RECENT_UPLOAD_DAYS + 3) * 24 * 60 * 60 * 1000);
    await database.db.insert(tenantFiles).values({
      tenantName: "Old Tenant",
      tenantEmail: "old@example.com",
      category: "lease",
      filename: "00000000-0000-4000-8000-000000000002",
      originalName: "old lease.pdf",
      size: 2 * 1024 * 1024,
      mime: "application/pdf",
      uploadedAt: old,
    });
    const rows = await database.db.select().from(tenantFiles);
    const bytes = rows.reduce((sum, r) => sum + r.size, 0);
    const response = await to(tenantFilesApi.stats, { headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const stats = response.json() as FileStats;
    expect(stats).toEqual({
      totalFiles: rows.length,
      totalBytes: bytes,
      totalSize: `${Number.parseFloat((bytes / 1024 ** 2).toFixed(2))} MB`,
      recentUploads: rows.length - 1,
      categoryCounts: {
        maintenance: rows.filter((r) => r.category === "maintenance").length,
        lease: rows.filter((r) => r.category === "lease").length,
        property: 1,
        other: rows.filter((r) => r.category === "other").length,
      },
    });
    expect(stats.categoryCounts.maintenance).toBe(2);
  });
});

describe("downloads", () => {
  it("hands out a 5-minute link that streams the same bytes under the original name", async () => {
    const pdf = samples.pdf();
    const name = 'Bail "signé" 2025.pdf';
    const sent = await upload([{ name: "file", filename: name, content: pdf }]);
    const file = sent.json().files[0] as TenantFile;
    // Browsers send a quote in a file name as %22.
    expect(file.originalName).toBe("Bail %22signé%22 2025.pdf");

    const response = await to(tenantFilesApi.downloadLink, {
      params: { id: file.id },
      headers: admin.headers,
    });
    const { downloadUrl, expiresAt } = response.json();
    const token = downloadUrl.split("/").pop();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(downloadUrl).toBe(urlOf(tenantFilesApi.download, { token }));
    const minutes = (new Date(expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(DOWNLOAD_URL_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(DOWNLOAD_URL_MINUTES);

    const served = await download(token, { headers: { "accept-encoding": "gzip, br" } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(pdf);
    expect(served.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-length": String(pdf.length),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    });
    expect(served.headers["content-encoding"]).toBeUndefined();
    expect(served.headers["content-disposition"]).toBe(
      `attachment; filename="Bail _22signe_22 2025.pdf"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
    );
  });

  it("refuses an expired link with 410", async () => {
    const [row] = await database.db.select().from(tenantFiles).limit(1);
    const secret = new TextEncoder().encode(
      (await readFile(path.join(testApp.dataDir, "jwt-secret"), "utf8")).trim(),
    );
    const past = Math.floor(Date.now() / 1000) - 60;
    const token = await new SignJWT({ fid: row!.id, v: admin.uid })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setAudience(DOWNLOAD_AUDIENCE)
      .setIssuedAt(past - 300)
      .setExpirationTime(past)
      .sign(secret);
    const response = await download(token);
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(filesMessages.downloadLinkExpired);
  });

  it("never takes a session token as a download token, nor a download token as a session", async () => {
    const asDownload = await download(admin.token);
    expect(asDownload.statusCode).toBe(404);
    expect(asDownload.json().message).toBe(filesMessages.downloadLinkInvalid);

    const [row] = await database.db.select().from(tenantFiles).limit(1);
    const token = await downloadTokenOf(row!.id);
    const asSession = await to(tenantFilesApi.list, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asSession.statusCode).toBe(401);
  });

  it.each([
    ["a malformed token", "not-a-token"],
    ["a forged token", "eyJhbGciOiJIUzI1NiJ9.eyJmaWQiOiJ4In0.c2lnbmF0dXJl"],
  ])("answers %s with 404", async (_label, token) => {
    const response = await download(token);
    expect(response.statusCode).toBe(404);
  });

  it("answers 404 when the bytes are gone", async () => {
    const sent = await upload([{ name: "file", filename: "gone.png", content: samples.png() }]);
    const file = sent.json().files[0] as TenantFile;
    const token = await downloadTokenOf(file.id);
    await rm(path.join(filesDir, file.filename));
    const response = await download(token);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(filesMessages.fileNotFound);
  });

  it("answers 404 when the row is gone", async () => {
    const sent = await upload([{ name: "file", filename: "row.png", content: samples.png() }]);
    const file = sent.json().files[0] as TenantFile;
    const token = await downloadTokenOf(file.id);
    await database.pool.query("delete from tenant_files where id = $1", [file.id]);
    expect((await download(token)).statusCode).toBe(404);
  });

  it.each(["not-a-uuid", "00000000-0000-4000-8000-00000000ffff", "1"])(
    "answers 404 for a download link of file %j",
    async (id) => {
      const response = await to(tenantFilesApi.downloadLink, {
        params: { id },
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(404);
    },
  );
});
