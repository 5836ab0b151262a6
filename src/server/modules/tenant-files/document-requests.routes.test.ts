import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contract } from "#domain/api/contract";
import { outgoingMailApi } from "#domain/api/outgoing-mail";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { site } from "#domain/site";
import {
  type DocumentRequest,
  type DocumentRequestInput,
  filesMessages,
  formatFileDate,
  type TenantFile,
  UPLOAD_LINK_DAYS,
  type UploadRequestInfo,
} from "#domain/tenant-files";
import { documentRequests, tenantFiles } from "#server/db/schema";
import { loginAs } from "#tests/support/auth";
import { type CallOptions, call } from "#tests/support/call";
import { insertProperty } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { UPLOAD_AUDIENCE } from "./file-tokens";
import {
  type FormPart,
  filesIn,
  samples,
  sendForm,
  tenantFilesDir,
} from "./tenant-files.test-helpers";

const PUBLIC_URL = "https://rent.example.com";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let building: { id: number; title: string };

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, {
    env: { AUTH_ATTEMPTS_PER_MINUTE: "1000", PUBLIC_URL },
  });
  admin = await loginAs(testApp.app, database.db, "admin");
  building = await insertProperty(database.db, { title: "Riverside Flats" });
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const to = (contract: Contract, options?: CallOptions) => call(testApp.app, contract, options);

const valid = (): DocumentRequestInput => ({
  tenantName: "Dana Renter",
  tenantEmail: "Dana.Renter@Example.com",
  propertyId: building.id,
  unit: "4C",
  category: "maintenance",
  maintenanceRequest: "Leaking kitchen faucet",
  note: "A photo of the faucet and the plumber's invoice, please.",
});

const sendRequest = (payload: object) =>
  to(tenantFilesApi.createRequest, { headers: admin.headers, payload });

const readRequest = (token: string) => to(tenantFilesApi.uploadRequest, { params: { token } });

/** Sends a request and follows the link in its e-mail, as the tenant would. */
async function requestAndFollowLink(changes: Partial<DocumentRequestInput> = {}) {
  const response = await sendRequest({ ...valid(), ...changes });
  expect(response.statusCode).toBe(201);
  const mail = (await testApp.outbox()).at(-1)!;
  const link = new RegExp(`${PUBLIC_URL}/upload/([\\w-]+\\.[\\w-]+\\.[\\w-]+)`).exec(mail.text);
  expect(link).not.toBeNull();
  return { request: response.json() as DocumentRequest, mail, token: link![1]! };
}

function uploadThrough(token: string, parts: FormPart[]) {
  return sendForm(testApp.app, tenantFilesApi.uploadThroughRequest, parts, { params: { token } });
}

describe(`${tenantFilesApi.createRequest.method} ${tenantFilesApi.createRequest.path}`, () => {
  it("records the request and e-mails the tenant an upload link valid 14 days", async () => {
    const { request, mail } = await requestAndFollowLink();
    expect(request).toMatchObject({
      tenantName: "Dana Renter",
      tenantEmail: "dana.renter@example.com",
      property: { id: building.id, name: "Riverside Flats", unit: "4C" },
      category: "maintenance",
      maintenanceRequest: "Leaking kitchen faucet",
      filesReceived: 0,
    });
    const days = (Date.parse(request.expiresAt) - Date.parse(request.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(UPLOAD_LINK_DAYS, 2);

    expect(mail.to).toBe("dana.renter@example.com");
    expect(mail.subject).toContain(site.name);
    for (const text of [mail.text, mail.html]) {
      expect(text).toContain("Riverside Flats, Unit 4C");
      expect(text).toContain("Leaking kitchen faucet");
      expect(text).toContain("plumber");
      expect(text).toContain("PDF, JPEG, PNG, WebP, HEIC, DOCX");
      expect(text).toContain("20MB");
      expect(text).toContain(formatFileDate(request.expiresAt));
      expect(text).toContain(`${PUBLIC_URL}/upload/`);
      expect(text).not.toContain("/es/upload/");
    }
    const [row] = await database.db
      .select()
      .from(documentRequests)
      .where(eq(documentRequests.id, request.id));
    expect(row?.language).toBe("en");
  });

  it("e-mails a Spanish request in Spanish, with its link to the Spanish upload page", async () => {
    const response = await sendRequest({ ...valid(), language: "es" });
    expect(response.statusCode).toBe(201);
    const request = response.json() as DocumentRequest;
    const mail = (await testApp.outbox()).at(-1)!;
    expect(mail.to).toBe("dana.renter@example.com");
    expect(mail.subject).toBe(`${site.name}: por favor, suba sus documentos`);
    const until = new Intl.DateTimeFormat("es-US", {
      timeZone: "America/New_York",
      day: "numeric",
      month: "long",
      year: "numeric",
    }).format(new Date(request.expiresAt));
    for (const text of [mail.text, mail.html]) {
      expect(text).toContain("Hola, Dana Renter:");
      expect(text).toContain("le solicita que suba documentos para su solicitud de mantenimiento");
      expect(text).toContain("Leaking kitchen faucet");
      expect(text).toContain("para Riverside Flats, Unidad 4C.");
      expect(text).toContain("Una nota de la oficina:");
      expect(text).toContain("plumber");
      expect(text).toContain("PDF, JPEG, PNG, WebP, HEIC o DOCX de hasta 20 MB cada uno");
      expect(text).toContain("Subir sus documentos");
      expect(text).toContain(`Este enlace es válido hasta el ${until}.`);
      expect(text).not.toContain("Please upload");
    }
    expect(mail.html).toContain('<html lang="es">');
    // The layout's own line under the button is in the e-mail's language too.
    expect(mail.html).toContain("Si el botón no funciona, copie esta dirección en su navegador:");
    expect(mail.html).not.toContain("If the button does not work");
    const link = new RegExp(`${PUBLIC_URL}/es/upload/([\\w-]+\\.[\\w-]+\\.[\\w-]+)`).exec(
      mail.text,
    );
    expect(link).not.toBeNull();
    // The token of the Spanish link is the same kind of permission as the English one.
    const info = await readRequest(link![1]!);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ tenantName: "Dana Renter", unit: "4C" });
    const [row] = await database.db
      .select()
      .from(documentRequests)
      .where(eq(documentRequests.id, request.id));
    expect(row?.language).toBe("es");
  });

  it.each(["fr", "ES", "", 1, null])(
    "refuses the language %j with 400, and sends nothing",
    async (language) => {
      const before = (await testApp.outbox()).length;
      const response = await sendRequest({ ...valid(), language });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toContainEqual(expect.objectContaining({ path: "language" }));
      expect(await testApp.outbox()).toHaveLength(before);
    },
  );

  it("answers 404 for a building that does not exist, and sends nothing", async () => {
    const before = (await testApp.outbox()).length;
    const response = await sendRequest({ ...valid(), propertyId: 999_999 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(filesMessages.requestBuildingMissing);
    expect(await testApp.outbox()).toHaveLength(before);
  });

  it.each([
    [{ tenantName: "D" }, "tenantName", filesMessages.tenantRequired],
    [{ tenantEmail: "not-an-email" }, "tenantEmail", filesMessages.tenantEmail],
    [{ propertyId: 0 }, "propertyId", filesMessages.buildingRequired],
    [{ propertyId: undefined }, "propertyId", filesMessages.buildingRequired],
  ])("refuses %j with the form's message", async (change, path, msg) => {
    const response = await sendRequest({ ...valid(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path, msg });
  });

  it("keeps the request when the e-mail cannot be sent, and shows the message failed to staff", async () => {
    const broken = await createTestApp(database, {
      // No retries: the first failed try is the last, so the message is failed at once.
      env: { AUTH_ATTEMPTS_PER_MINUTE: "1000", MAIL_RETRY_LIMIT: "0" },
      mailer: {
        send: async () => {
          throw new Error("SMTP is down");
        },
        close: async () => {},
      },
    });
    const staff = await loginAs(broken.app, database.db, "admin");
    const before = await database.db.select().from(documentRequests);
    const response = await call(broken.app, tenantFilesApi.createRequest, {
      headers: staff.headers,
      payload: { ...valid(), tenantName: "Mail Down" },
    });
    expect(response.statusCode).toBe(201);
    expect(await database.db.select().from(documentRequests)).toHaveLength(before.length + 1);
    await broken.app.mailQueue.idle();
    const listed = await call(broken.app, outgoingMailApi.list, {
      headers: staff.headers,
      query: { status: "failed" },
    });
    expect(listed.json().messages).toContainEqual(
      expect.objectContaining({
        kind: "document_request",
        to: valid().tenantEmail.toLowerCase(),
        status: "failed",
        attempts: 1,
        lastError: "SMTP is down",
        retryable: true,
      }),
    );
    await broken.close();
  });

  it("answers 401 without a session and 403 for a tenant", async () => {
    const anonymous = await to(tenantFilesApi.createRequest, { payload: valid() });
    expect(anonymous.statusCode).toBe(401);
    const tenant = await loginAs(testApp.app, database.db, "tenant");
    const asTenant = await to(tenantFilesApi.listRequests, { headers: tenant.headers });
    expect(asTenant.statusCode).toBe(403);
  });
});

describe("the upload link", () => {
  it("shows what is asked, takes the files, and lists them in the Files tab", async () => {
    const { request, token } = await requestAndFollowLink({
      tenantName: "Ana Lucía Ortiz",
      tenantEmail: "ana.ortiz@example.com",
      unit: "2B",
    });

    const info = await readRequest(token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      tenantName: "Ana Lucía Ortiz",
      propertyName: "Riverside Flats",
      unit: "2B",
      category: "maintenance",
      maintenanceRequest: "Leaking kitchen faucet",
      note: "A photo of the faucet and the plumber's invoice, please.",
      expiresAt: request.expiresAt,
      filesReceived: [],
    } satisfies UploadRequestInfo);

    const photo = samples.jpeg();
    const sent = await uploadThrough(token, [
      { name: "files", filename: "faucet.jpg", content: photo },
      { name: "files", filename: "invoice.pdf", content: samples.pdf() },
    ]);
    expect(sent.statusCode).toBe(201);
    expect(
      sent
        .json()
        .files.map((f: { originalName: string }) => f.originalName)
        .sort(),
    ).toEqual(["faucet.jpg", "invoice.pdf"]);

    const again = await readRequest(token);
    expect(again.json().filesReceived).toHaveLength(2);

    const listed = await to(tenantFilesApi.list, {
      query: { tenant: "ORTIZ" },
      headers: admin.headers,
    });
    const files = listed.json().files as TenantFile[];
    expect(files).toHaveLength(2);
    expect(files.find((f) => f.originalName === "faucet.jpg")).toMatchObject({
      category: "maintenance",
      size: photo.length,
      mime: "image/jpeg",
      tenant: { name: "Ana Lucía Ortiz", email: "ana.ortiz@example.com" },
      property: { id: building.id, name: "Riverside Flats", unit: "2B" },
      maintenanceRequest: { title: "Leaking kitchen faucet" },
    });

    const byEmail = await to(tenantFilesApi.list, {
      query: { tenant: "ana.ortiz@", category: "maintenance" },
      headers: admin.headers,
    });
    expect(byEmail.json().files).toHaveLength(2);
    const otherCategory = await to(tenantFilesApi.list, {
      query: { tenant: "ana.ortiz@", category: "lease" },
      headers: admin.headers,
    });
    expect(otherCategory.json().files).toEqual([]);

    const requests = await to(tenantFilesApi.listRequests, { headers: admin.headers });
    expect(requests.statusCode).toBe(200);
    const listedRequests = requests.json().requests as DocumentRequest[];
    expect(listedRequests[0]).toMatchObject({ id: request.id, filesReceived: 2 });
    const created = listedRequests.map((r) => r.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it("refuses a text file named .pdf with 415 and writes nothing", async () => {
    const { token } = await requestAndFollowLink();
    const dir = tenantFilesDir(testApp.dataDir);
    const before = await filesIn(dir);
    const response = await uploadThrough(token, [
      { name: "files", filename: "ok.pdf", content: samples.pdf() },
      { name: "files", filename: "lease.pdf", content: samples.text() },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(filesMessages.wrongType);
    expect(await filesIn(dir)).toEqual(before);
  });

  it("refuses an expired request with 410, for reading and for uploading", async () => {
    const { request, token } = await requestAndFollowLink();
    await database.db
      .update(documentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(documentRequests.id, request.id));
    const info = await readRequest(token);
    expect(info.statusCode).toBe(410);
    expect(info.json().message).toBe(filesMessages.linkExpired);
    const before = await database.db.select().from(tenantFiles);
    const sent = await uploadThrough(token, [
      { name: "files", filename: "late.pdf", content: samples.pdf() },
    ]);
    expect(sent.statusCode).toBe(410);
    expect(await database.db.select().from(tenantFiles)).toHaveLength(before.length);
  });

  it("refuses a link whose token has expired with 410", async () => {
    const { request } = await requestAndFollowLink();
    const secret = new TextEncoder().encode(
      (await readFile(path.join(testApp.dataDir, "jwt-secret"), "utf8")).trim(),
    );
    const past = Math.floor(Date.now() / 1000) - 60;
    const token = await new SignJWT({ rid: request.id })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setAudience(UPLOAD_AUDIENCE)
      .setIssuedAt(past - 3600)
      .setExpirationTime(past)
      .sign(secret);
    const info = await readRequest(token);
    expect(info.statusCode).toBe(410);
    expect(info.json().message).toBe(filesMessages.linkExpired);
  });

  it.each([
    ["a malformed token", () => "not-a-token"],
    ["a session token", () => admin.token],
    ["a forged token", () => "eyJhbGciOiJIUzI1NiJ9.eyJyaWQiOiJ4In0.c2lnbmF0dXJl"],
  ])("answers %s with 404 and the link message", async (_label, token) => {
    const info = await readRequest(token());
    expect(info.statusCode).toBe(404);
    expect(info.json().message).toBe(filesMessages.linkInvalid);
    const sent = await uploadThrough(token(), [
      { name: "files", filename: "a.pdf", content: samples.pdf() },
    ]);
    expect(sent.statusCode).toBe(404);
  });

  it("answers 404 once the request has been deleted", async () => {
    const { request, token } = await requestAndFollowLink();
    await database.db.delete(documentRequests).where(eq(documentRequests.id, request.id));
    const info = await readRequest(token);
    expect(info.statusCode).toBe(404);
  });
});
