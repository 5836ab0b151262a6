import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { filesMessages, type TenantFile } from "#domain/tenant-files";
import { tenantFiles } from "#server/db/schema";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { DOCX_MIME } from "./file-sniff";
import {
  type FormPart,
  filesIn,
  makeZip,
  requestUploadLink,
  samples,
  sendForm,
  type TestZipPart,
  tenantFilesDir,
  zerosEntry,
} from "./tenant-files.test-helpers";

/**
 * What an uploaded document is decides how it is kept and handed out: its name ends in its
 * type's extension, and a Word document that would unpack to far more than it weighs is refused.
 */

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let tenant: Awaited<ReturnType<typeof loginAs>>;
let buildingId: number;
let filesDir: string;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" } });
  filesDir = tenantFilesDir(testApp.dataDir);
  admin = await loginAs(testApp.app, database.db, "admin");
  tenant = await loginAs(testApp.app, database.db, "tenant");
  buildingId = (await insertProperty(database.db)).id;
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const uploadAsTenant = (parts: FormPart[]) =>
  sendForm(testApp.app, tenantFilesApi.tenantUpload, parts, { headers: tenant.headers });

const uploadThrough = (token: string, parts: FormPart[]) =>
  sendForm(testApp.app, tenantFilesApi.uploadThroughRequest, parts, { params: { token } });

/** The file as the office downloads it: through the link the Files tab hands out. */
async function downloadAsStaff(id: string) {
  const link = await call(testApp.app, tenantFilesApi.downloadLink, {
    params: { id },
    headers: admin.headers,
  });
  expect(link.statusCode).toBe(200);
  const token = (link.json() as { downloadUrl: string }).downloadUrl.split("/").pop()!;
  const response = await call(testApp.app, tenantFilesApi.download, { params: { token } });
  expect(response.statusCode).toBe(200);
  return response;
}

/** The headers that keep a download a file to save, never a page to run. */
function expectSafeDownload(
  response: Awaited<ReturnType<typeof downloadAsStaff>>,
  name: string,
  mime: string,
) {
  expect(response.headers).toMatchObject({
    "content-type": mime,
    "content-disposition": `attachment; filename="${name}"; filename*=UTF-8''${name}`,
    "x-content-type-options": "nosniff",
  });
  expect(response.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
}

async function storedRows() {
  return database.db.select().from(tenantFiles);
}

describe("a document's name follows what its bytes are", () => {
  it.each(["invoice.hta", "invoice.html", "invoice.svg"])(
    "keeps a PDF sent through an upload link as %s, and hands it out, as invoice.pdf",
    async (name) => {
      const { requestId, token } = await requestUploadLink(testApp, admin, buildingId);
      const sent = await uploadThrough(token, [
        { name: "files", filename: name, content: samples.pdfPolyglot(), type: "text/html" },
      ]);
      expect(sent.statusCode).toBe(201);
      expect(sent.json().files[0].originalName).toBe("invoice.pdf");
      const [row] = await database.db
        .select()
        .from(tenantFiles)
        .where(eq(tenantFiles.requestId, requestId));
      expect(row).toMatchObject({ originalName: "invoice.pdf", mime: "application/pdf" });
      expectSafeDownload(await downloadAsStaff(row!.id), "invoice.pdf", "application/pdf");
    },
  );

  it("keeps a Word document a tenant sends as update.jar, and hands it out, as update.docx", async () => {
    const sent = await uploadAsTenant([
      { name: "file", filename: "update.jar", content: samples.docx(), type: "application/java" },
    ]);
    expect(sent.statusCode).toBe(201);
    const file = sent.json().files[0] as TenantFile;
    expect(file).toMatchObject({ originalName: "update.docx", mime: DOCX_MIME });
    expectSafeDownload(await downloadAsStaff(file.id), "update.docx", DOCX_MIME);
  });

  it("adds the extension to a name without one and keeps a matching one as it was written", async () => {
    const sent = await uploadAsTenant([
      { name: "file", filename: "scan", content: samples.pdf() },
      { name: "file", filename: "IMG_0001.HEIC", content: samples.heic() },
      { name: "file", filename: "faucet.JPEG", content: samples.jpeg() },
      { name: "file", filename: "faucet.png", content: samples.jpeg() },
    ]);
    expect(sent.statusCode).toBe(201);
    expect((sent.json().files as TenantFile[]).map((f) => f.originalName)).toEqual([
      "scan.pdf",
      "IMG_0001.HEIC",
      "faucet.JPEG",
      "faucet.jpg",
    ]);
  });

  it("corrects the name of a file stored before the check, in the Files tab and its download", async () => {
    const filename = randomUUID();
    await writeFile(path.join(filesDir, filename), samples.pdfPolyglot());
    const [row] = await database.db
      .insert(tenantFiles)
      .values({
        tenantName: "Earlier Tenant",
        tenantEmail: "earlier@example.com",
        category: "other",
        filename,
        originalName: "invoice.hta",
        size: samples.pdfPolyglot().length,
        mime: "application/pdf",
      })
      .returning();
    const listed = await call(testApp.app, tenantFilesApi.list, {
      query: { tenant: "earlier@" },
      headers: admin.headers,
    });
    expect(listed.json().files.map((f: TenantFile) => f.originalName)).toEqual(["invoice.pdf"]);
    const response = await downloadAsStaff(row!.id);
    expect(response.rawPayload).toEqual(samples.pdfPolyglot());
    expectSafeDownload(response, "invoice.pdf", "application/pdf");
  });

  it("hands out a row of a type it does not know as bytes to save, never to open", async () => {
    const filename = randomUUID();
    await writeFile(path.join(filesDir, filename), "<script>alert(1)</script>");
    const [row] = await database.db
      .insert(tenantFiles)
      .values({
        tenantName: "Restored Tenant",
        tenantEmail: "restored@example.com",
        category: "other",
        filename,
        originalName: "page.html",
        size: 25,
        mime: "text/html",
      })
      .returning();
    expectSafeDownload(await downloadAsStaff(row!.id), "page.bin", "application/octet-stream");
  });
});

describe("a Word document that unpacks to far more than it weighs", () => {
  /** A Word document whose text part is that entry. */
  const wordWith = (document: TestZipPart) =>
    makeZip({ "[Content_Types].xml": "<Types/>", "word/document.xml": document });

  it("refuses a 1 MB document that unpacks to 1 GB, sent through an upload link, and keeps nothing", async () => {
    const bomb = wordWith(zerosEntry(1024));
    expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024);
    const { token } = await requestUploadLink(testApp, admin, buildingId);
    const before = { files: await filesIn(filesDir), rows: (await storedRows()).length };
    const sent = await uploadThrough(token, [
      { name: "files", filename: "ok.pdf", content: samples.pdf() },
      { name: "files", filename: "lease.docx", content: bomb },
    ]);
    expect(sent.statusCode).toBe(413);
    expect(sent.json().message).toBe(filesMessages.unpacksTooLarge);
    expect(await filesIn(filesDir)).toEqual(before.files);
    expect(await storedRows()).toHaveLength(before.rows);
  });

  it("refuses a document whose headers say 1 MB while it unpacks to 200 MB", async () => {
    const liar = wordWith(zerosEntry(200, 1024 * 1024));
    const before = await filesIn(filesDir);
    const sent = await uploadAsTenant([{ name: "file", filename: "lease.docx", content: liar }]);
    expect(sent.statusCode).toBe(413);
    expect(sent.json().message).toBe(filesMessages.unpacksTooLarge);
    expect(await filesIn(filesDir)).toEqual(before);
  });

  it("refuses a document of 5,000 parts", async () => {
    const parts: Record<string, string> = { "word/document.xml": "<w:document/>" };
    for (let i = 0; i < 5000; i++) parts[`word/media/image${i}.png`] = "";
    const sent = await uploadAsTenant([
      { name: "file", filename: "lease.docx", content: makeZip(parts) },
    ]);
    expect(sent.statusCode).toBe(413);
    expect(sent.json().message).toBe(filesMessages.unpacksTooLarge);
  });

  it("takes a document as Word writes it, its parts deflated", async () => {
    const sent = await uploadAsTenant([
      { name: "file", filename: "lease.docx", content: samples.docxDeflated() },
    ]);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().files[0]).toMatchObject({ originalName: "lease.docx", mime: DOCX_MIME });
  });
});
